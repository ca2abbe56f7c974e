/**
 * The malformed catalogs `pull-malformed.test.ts` serves: each entry a server might send wrong, and
 * the warnings and files a pull of it must give; and how a catalog's deep values are written.
 */
import { MAX_CONTRACT_DEPTH } from "../../templates/json-depth.js";
import { simpleTool } from "../support/cli-servers.js";

/** JSON text of a value nested `depth` arrays deep, built as text: no recursion anywhere. */
export function deepJson(depth: number): string {
  return `${"[".repeat(depth)}"bottom"${"]".repeat(depth)}`;
}

/**
 * A catalog as JSON text, with `"DEEP"` replaced by a value nested 500 levels deep (past the
 * contract's bound, within the client's MAX_JSON_DEPTH),
 * `"ABYSS"` by one nested 100,000 deep, and `"HUGE"` by `1e400` (a number JSON.parse reads as
 * Infinity).
 */
export function catalogText(catalog: unknown): string {
  return JSON.stringify(catalog)
    .replaceAll('"DEEP"', deepJson(500))
    .replaceAll('"ABYSS"', deepJson(100_000))
    .replaceAll('"HUGE"', "1e400");
}

export interface Case {
  name: string;
  catalog: unknown;
  /** One pattern per warning, in order. */
  warnings: RegExp[];
  /** Files generated besides the snapshot and index. */
  files: string[];
}

export const CASES: Case[] = [
  {
    name: "a null tool",
    catalog: { tools: [null, simpleTool("ok")] },
    warnings: [/tool at index 0 left out: not an object with a string name/],
    files: ["tools/ok.ts"],
  },
  {
    name: "a numeric tool name",
    catalog: { tools: [{ name: 5, inputSchema: { type: "object" } }, simpleTool("ok")] },
    warnings: [/tool at index 0 left out/],
    files: ["tools/ok.ts"],
  },
  {
    name: "a non-string title",
    catalog: { tools: [{ ...simpleTool("titled"), title: 7 }, simpleTool("ok")] },
    warnings: [/tools\[0\] \("titled"\) left out: at title: expected string, received number/],
    files: ["tools/ok.ts"],
  },
  {
    name: "a tool without an input schema, and one whose schema is a string",
    catalog: {
      tools: [{ name: "no-schema" }, { name: "bad", inputSchema: "x" }, simpleTool("ok")],
    },
    warnings: [
      /tools\[0\] \("no-schema"\) left out: at inputSchema: expected an object, got nothing/,
      /tools\[1\] \("bad"\) left out: at inputSchema: expected an object, got a string/,
    ],
    files: ["tools/ok.ts"],
  },
  {
    name: 'prompt.arguments: "x", and a prompt with one malformed argument',
    catalog: {
      prompts: [
        { name: "args-not-a-list", arguments: "x" },
        { name: "greet", arguments: [{ name: 3 }, { name: "who", required: true }] },
      ],
    },
    warnings: [
      /prompts\[0\] \("args-not-a-list"\) left out: at arguments: expected array, received string/,
      /prompts\[1\] \("greet"\): argument 0 \(name 3\) left out: at name: expected string/,
    ],
    files: ["prompts/greet.ts"],
  },
  {
    name: "a resource without a URI and a template that does not parse",
    catalog: {
      resources: [{ name: "nowhere" }, { name: "readme", uri: "file:///README.md" }],
      resourceTemplates: [{ name: "broken", uriTemplate: "{" }],
    },
    warnings: [
      /resources\[0\] \("nowhere"\) left out: at uri: expected string/,
      /resourceTemplates\[0\] \("broken"\) left out: invalid URI template "\{"/,
    ],
    files: ["resources/readme.ts"],
  },
  {
    name: "values nested 500 levels deep in a tool, a prompt and a resource",
    catalog: {
      tools: [{ ...simpleTool("deep"), _meta: { deep: "DEEP" } }, simpleTool("ok")],
      prompts: [{ name: "deep", arguments: [{ name: "a", description: "x", _meta: "DEEP" }] }],
      resources: [{ name: "deep", uri: "file:///deep", annotations: "DEEP" }],
      resourceTemplates: [],
    },
    warnings: [
      new RegExp(`tools\\[0\\] \\("deep"\\) left out: nested more than ${MAX_CONTRACT_DEPTH}`),
      new RegExp(`prompts\\[0\\] \\("deep"\\) left out: nested more than ${MAX_CONTRACT_DEPTH}`),
      new RegExp(`resources\\[0\\] \\("deep"\\) left out: nested more than ${MAX_CONTRACT_DEPTH}`),
    ],
    files: ["tools/ok.ts"],
  },
  {
    name: "values as deep as the bound allows",
    catalog: {
      tools: [{ ...simpleTool("ok"), _meta: { deep: "BOUND" } }],
      prompts: [{ name: "p", _meta: { deep: "BOUND" } }],
      resources: [{ name: "r", uri: "file:///r", _meta: { deep: "BOUND" } }],
      resourceTemplates: [],
    },
    warnings: [],
    files: ["prompts/p.ts", "resources/r.ts", "tools/ok.ts"],
  },
  {
    name: "fields typed by the runtime with the wrong type: _meta, icons, annotations, size",
    catalog: {
      tools: [{ ...simpleTool("hinted"), annotations: { readOnlyHint: "yes" } }],
      prompts: [
        { name: "meta", _meta: "x" },
        { name: "icons", icons: [{ src: 5 }] },
      ],
      resources: [
        { name: "audience", uri: "file:///a", annotations: { audience: ["bot"] } },
        { name: "huge", uri: "file:///h", size: "HUGE" },
      ],
      resourceTemplates: [],
    },
    warnings: [
      /tools\[0\] \("hinted"\) left out: at annotations.readOnlyHint: expected boolean/,
      /prompts\[0\] \("meta"\) left out: at _meta: expected an object, got a string/,
      /prompts\[1\] \("icons"\) left out: at icons.0.src: expected string/,
      /resources\[0\] \("audience"\) left out: at annotations.audience.0/,
      /resources\[1\] \("huge"\) left out: holds a number too large for JSON to carry/,
    ],
    files: [],
  },
  {
    name: "fields the runtime's types do not name, at every level, kept and compiled",
    catalog: {
      tools: [{ ...simpleTool("ok"), annotations: { extra: 1 }, icons: [{ src: "x", extra: 1 }] }],
      prompts: [
        {
          name: "p",
          extra: 1,
          arguments: [{ name: "a", extra: 1 }],
          icons: [{ src: "x", extra: 1 }],
        },
      ],
      resources: [
        {
          name: "r",
          uri: "file:///r",
          annotations: { audience: ["user"], extra: 1 },
          icons: [{ src: "x", theme: "dark", extra: 2 }],
        },
      ],
      resourceTemplates: [
        { name: "t", uriTemplate: "file:///{path}", annotations: { extra: 1 }, extra: [] },
      ],
    },
    warnings: [],
    files: ["prompts/p.ts", "resources/r.ts", "resources/t.ts", "tools/ok.ts"],
  },
];
