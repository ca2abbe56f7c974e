import { describe, expect, it } from "vitest";
import {
  compareResourceTemplate,
  compareTool,
  pairBy,
  type DriftSeverity,
} from "../../../cli/drift/contract.js";
import type { ResourceTemplate, Tool } from "../../../runtime/protocol/types.js";

type Row = [DriftSeverity, string, string];

function collect(
  run: (add: (severity: DriftSeverity, kind: string, detail: string) => void) => void,
): Row[] {
  const rows: Row[] = [];
  run((severity, kind, detail) => rows.push([severity, kind, detail]));
  return rows;
}

const tool = (
  inputSchema: Record<string, unknown>,
  outputSchema?: Record<string, unknown>,
): Tool => ({
  name: "t",
  inputSchema,
  ...(outputSchema === undefined ? {} : { outputSchema }),
});

describe("compareTool: where a change is", () => {
  // [what, before, after, want]
  const table: readonly (readonly [string, Tool, Tool, Row[]])[] = [
    [
      "nested argument",
      tool({ properties: { a: { properties: { b: { type: "string" } } } } }),
      tool({ properties: { a: { properties: { b: { type: "number" } } } } }),
      [["breaking", "input-type-changed", 'argument "a.b": type changed from string to number']],
    ],
    [
      "array items in the output",
      tool({}, { properties: { list: { items: { type: "integer" } } } }),
      tool({}, { properties: { list: { items: { type: "number" } } } }),
      [["breaking", "output-type-widened", 'output "list[]": type changed from integer to number']],
    ],
    [
      "additionalProperties of an argument",
      tool({ properties: { tags: { additionalProperties: { type: "string" } } } }),
      tool({ properties: { tags: { additionalProperties: { type: ["string", "null"] } } } }),
      [
        [
          "compatible",
          "input-type-widened",
          'argument "tags{*}": type changed from string to null | string',
        ],
      ],
    ],
    [
      "the output root",
      tool({}, { type: "object" }),
      tool({}, { type: "array" }),
      [["breaking", "output-type-changed", "output schema: type changed from object to array"]],
    ],
    [
      "a property name needing quotes",
      tool({ properties: { 'say "hi"': { type: "string" } } }),
      tool({}),
      [["breaking", "input-property-removed", 'argument "say \\"hi\\"": removed']],
    ],
    [
      "icons and _meta are metadata",
      { ...tool({}), icons: [{ src: "a.png" }], _meta: { a: 1 } },
      { ...tool({}), icons: [{ src: "b.png" }] },
      [
        ["compatible", "tool-metadata-changed", "_meta removed"],
        ["compatible", "tool-metadata-changed", "icons changed"],
      ],
    ],
  ];
  it.each(table)("%s", (_, before, after, want) => {
    expect(collect((add) => compareTool(before, after, add))).toEqual(want);
  });
});

describe("compareResourceTemplate", () => {
  const template = (uriTemplate: string, mimeType?: string): ResourceTemplate => ({
    name: "t",
    uriTemplate,
    ...(mimeType === undefined ? {} : { mimeType }),
  });
  const table: readonly (readonly [string, ResourceTemplate, ResourceTemplate, Row[]])[] = [
    ["unchanged", template("a://{x}"), template("a://{x}"), []],
    [
      "a modifier changed",
      template("a://{x}"),
      template("a://{x*}"),
      [
        [
          "breaking",
          "resource-template-variables-changed",
          'variables changed from ["x"] to ["x*"]: uriTemplate changed from "a://{x}" to "a://{x*}"',
        ],
      ],
    ],
    [
      "a variable used twice is one variable",
      template("a://{x}"),
      template("b://{x}/{x}"),
      [
        [
          "breaking",
          "resource-template-uri-changed",
          'uriTemplate changed from "a://{x}" to "b://{x}/{x}"; clients built for the old one expand URIs the old way',
        ],
      ],
    ],
    [
      "a malformed template",
      template("a://{x}"),
      template("a://{x"),
      [
        [
          "breaking",
          "resource-template-uri-changed",
          'uriTemplate changed from "a://{x}" to "a://{x"; could not be proven compatible',
        ],
      ],
    ],
    [
      "a MIME type added",
      template("a://{x}"),
      template("a://{x}", "text/plain"),
      [
        [
          "breaking",
          "resource-template-mime-type-changed",
          'mimeType changed from none to "text/plain"; clients may decode the contents the old way',
        ],
      ],
    ],
  ];
  it.each(table)("%s", (_, before, after, want) => {
    expect(collect((add) => compareResourceTemplate(before, after, add))).toEqual(want);
  });
});

describe("pairBy", () => {
  const key = (item: { k: string }) => item.k;
  const table: readonly (readonly [string[], string[], string[], string[], string[]])[] = [
    [["a", "b"], ["b", "c"], ["a"], ["c"], ["b"]],
    [[], ["a"], [], ["a"], []],
    [["a", "a"], ["a"], ["a"], [], ["a"]],
    [["a"], ["a", "a"], [], ["a"], ["a"]],
    [["__proto__"], ["__proto__"], [], [], ["__proto__"]],
  ];
  it.each(table)("%j vs %j", (before, after, removed, added, kept) => {
    const pairs = pairBy(
      before.map((k) => ({ k })),
      after.map((k) => ({ k })),
      key,
    );
    expect(pairs.removed.map(key)).toEqual(removed);
    expect(pairs.added.map(key)).toEqual(added);
    expect(pairs.kept.map(([a, b]) => [key(a), key(b)])).toEqual(kept.map((k) => [k, k]));
  });
});
