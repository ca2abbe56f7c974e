/**
 * The shapes a contract's entries must have (templates/contract-entries.ts) and the walk that
 * bounds their depth (templates/json-depth.ts): tables of given/want, then properties over any
 * JSON a server could put in a list and values nested at any depth. Whatever is kept must build a
 * snapshot that reads back, and generate without throwing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkEntries,
  promptEntry,
  resourceEntry,
  resourceTemplateEntry,
  toolEntry,
  type ContractListKey,
} from "../../templates/contract-entries.js";
import { generateFiles } from "../../templates/generate.js";
import { jsonValueProblem, MAX_CONTRACT_DEPTH } from "../../templates/json-depth.js";
import {
  createSnapshot,
  serializeSnapshot,
  type PulledContract,
} from "../../templates/snapshot.js";
import { parseSnapshot, SnapshotError } from "../../templates/snapshot-parse.js";
import { deepValue } from "../support/hostile-catalog.js";

const LISTS: readonly ContractListKey[] = ["tools", "prompts", "resources", "resourceTemplates"];
const SHAPES = {
  tools: toolEntry,
  prompts: promptEntry,
  resources: resourceEntry,
  resourceTemplates: resourceTemplateEntry,
};

function contract(lists: Partial<Pick<PulledContract, ContractListKey>>): PulledContract {
  return {
    name: "test",
    server: { name: "test", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: {},
    clientCapabilities: {},
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...lists,
  };
}

describe("jsonValueProblem", () => {
  it.each([
    { given: "text", limit: 0, want: undefined },
    { given: [], limit: 1, want: undefined },
    { given: [], limit: 0, want: "nested more than 0 levels deep" },
    { given: { a: [{ b: 1 }] }, limit: 3, want: undefined },
    { given: { a: [{ b: 1 }] }, limit: 2, want: "nested more than 2 levels deep" },
    { given: deepValue(10_000), limit: 160, want: "nested more than 160 levels deep" },
    { given: { size: Infinity }, limit: 5, want: "holds a number too large for JSON to carry" },
    { given: [1, [-Infinity]], limit: 5, want: "holds a number too large for JSON to carry" },
    { given: { n: -0, m: 5e-324, k: 1.7976931348623157e308 }, limit: 5, want: undefined },
  ])("value $# (limit $limit) → $want", ({ given, limit, want }) => {
    expect(jsonValueProblem(given, limit)).toBe(want);
  });

  it("never overflows the stack, however deep the value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (depth) => {
        const problem = jsonValueProblem(deepValue(depth), MAX_CONTRACT_DEPTH);
        expect(problem === undefined).toBe(depth <= MAX_CONTRACT_DEPTH);
      }),
      { numRuns: 25 },
    );
  });
});

describe("checkEntries", () => {
  it.each([
    { key: "tools", given: null, want: /^tools\[0\] left out: expected an object, got null$/ },
    { key: "tools", given: "tool", want: /^tools\[0\] left out: expected an object, got a string/ },
    { key: "tools", given: [], want: /^tools\[0\] left out: expected an object, got an array/ },
    {
      key: "tools",
      given: { name: 5, inputSchema: {} },
      want: /^tools\[0\] \(name 5\) left out: at name: expected string, received number$/,
    },
    {
      key: "tools",
      given: { name: "t", title: 7, inputSchema: {} },
      want: /^tools\[0\] \("t"\) left out: at title: expected string, received number$/,
    },
    {
      key: "tools",
      given: { name: "t", inputSchema: {}, outputSchema: [] },
      want: /^tools\[0\] \("t"\) left out: at outputSchema: expected an object, got an array$/,
    },
    {
      key: "prompts",
      given: { name: "p", arguments: "x" },
      want: /^prompts\[0\] \("p"\) left out: at arguments: expected array, received string$/,
    },
    {
      key: "resources",
      given: { name: "r", uri: "u", mimeType: ["text/plain"] },
      want: /^resources\[0\] \("r"\) left out: at mimeType: expected string/,
    },
    {
      key: "resourceTemplates",
      given: { name: "t", uriTemplate: "{a" },
      want: /^resourceTemplates\[0\] \("t"\) left out: invalid URI template "\{a"/,
    },
    {
      key: "tools",
      given: { name: "\u202e\u001b[2K\u2028", inputSchema: { d: deepValue(200) } },
      want: /^tools\[0\] \("\\u202e\\u001b\[2K\\u2028"\) left out: nested more than 160 levels deep$/,
    },
    {
      key: "tools",
      given: { name: "x".repeat(100), inputSchema: null },
      want: new RegExp(`^tools\\[0\\] \\("${"x".repeat(60)}…"\\) left out`),
    },
  ] as const)("$key, entry $# → $want", ({ key, given, want }) => {
    const { kept, problems } = checkEntries(key, [given]);
    expect(kept).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(want);
  });

  it("keeps a prompt without its malformed arguments, and every other field as it was", () => {
    const prompt = {
      name: "greet",
      extra: { kept: true },
      arguments: [null, { name: "who", required: true }, { name: "x", required: "yes" }],
    };
    const { kept, problems } = checkEntries("prompts", [prompt]);
    expect(kept).toEqual([
      { name: "greet", extra: { kept: true }, arguments: [{ name: "who", required: true }] },
    ]);
    expect(problems).toEqual([
      'prompts[0] ("greet"): argument 0 left out: expected object, received null',
      'prompts[0] ("greet"): argument 2 ("x") left out: at required: expected boolean, received string',
    ]);
  });

  it("keeps well-formed entries as the very same objects, in order", () => {
    // JSON.parse makes "__proto__" an own key, as a server's JSON does.
    const tool = JSON.parse(
      '{"name":"a","inputSchema":{"type":"object"},"__proto__":null,"odd":[1]}',
    ) as object;
    const { kept, problems } = checkEntries("tools", [tool, null, tool]);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(tool);
    expect(kept[1]).toBe(tool);
    expect(problems).toHaveLength(1);
  });
});

/** Entries a server could send: any JSON, and near-misses of each list's shape. */
const entry = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      title: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      description: fc.oneof(fc.string(), fc.integer()),
      inputSchema: fc.oneof(fc.constant({ type: "object" }), fc.jsonValue({ maxDepth: 2 })),
      outputSchema: fc.oneof(fc.constant({ type: "object" }), fc.jsonValue({ maxDepth: 2 })),
      arguments: fc.oneof(
        fc.array(
          fc.oneof(
            fc.record({ name: fc.string(), required: fc.boolean() }),
            fc.jsonValue({ maxDepth: 2 }),
          ),
          { maxLength: 3 },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      uri: fc.oneof(fc.constant("file:///x"), fc.jsonValue({ maxDepth: 1 })),
      uriTemplate: fc.oneof(fc.constantFrom("file:///{x}", "{", "x{?a,b}"), fc.integer()),
      icons: fc.oneof(fc.constant([{ src: "i" }]), fc.jsonValue({ maxDepth: 2 })),
      annotations: fc.oneof(fc.constant({ audience: ["user"] }), fc.jsonValue({ maxDepth: 2 })),
      _meta: fc.oneof(fc.constant({ deep: deepValue(3_000) }), fc.jsonValue({ maxDepth: 2 })),
      size: fc.oneof(fc.integer(), fc.constantFrom(Infinity, -Infinity), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

describe("any list a server sends", () => {
  it("checkEntries never throws, keeps only entries of the list's shape, and says why for the rest", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTS), fc.array(entry, { maxLength: 6 }), (key, items) => {
        const { kept, problems } = checkEntries(key, items);
        for (const item of kept) {
          expect(SHAPES[key].safeParse(item).success).toBe(true);
          expect(jsonValueProblem(item, MAX_CONTRACT_DEPTH)).toBeUndefined();
        }
        const droppedEntries = items.length - kept.length;
        expect(problems.length).toBeGreaterThanOrEqual(droppedEntries);
        for (const problem of problems) expect(problem).toMatch(new RegExp(`^${key}\\[\\d+\\]`));
      }),
      { numRuns: 300 },
    );
  });

  it("what it keeps makes a snapshot that reads back and generates, or fails only as a contract", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          tools: fc.array(entry, { maxLength: 3 }),
          prompts: fc.array(entry, { maxLength: 3 }),
          resources: fc.array(entry, { maxLength: 3 }),
          resourceTemplates: fc.array(entry, { maxLength: 3 }),
        }),
        async (lists) => {
          const snapshot = createSnapshot(
            contract({
              tools: checkEntries("tools", lists.tools).kept,
              prompts: checkEntries("prompts", lists.prompts).kept,
              resources: checkEntries("resources", lists.resources).kept,
              resourceTemplates: checkEntries("resourceTemplates", lists.resourceTemplates).kept,
            }),
          );
          const text = serializeSnapshot(snapshot);
          expect(parseSnapshot(text, "snapshot")).toEqual(snapshot);
          // Generation degrades instead of throwing: every kept entry gets a module.
          const files = await generateFiles(snapshot, { generatorVersion: "0.0.0-test" });
          expect(files.some((file) => file.path === "mcp.snapshot.json")).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe("parseSnapshot", () => {
  const base = () => JSON.parse(serializeSnapshot(createSnapshot(contract({})))) as object;

  it.each([
    { change: { tools: [null] }, want: /at tools\.0: .*expected object/ },
    { change: { tools: [{ name: 5, inputSchema: {} }] }, want: /at tools\.0\.name/ },
    { change: { prompts: [{ name: "p", arguments: "x" }] }, want: /at prompts\.0\.arguments/ },
    { change: { resources: [{ name: "r", uri: "u", size: "1" }] }, want: /at resources\.0\.size/ },
    {
      change: { tools: [{ name: "t", inputSchema: { d: "DEEP" } }] },
      want: /nested more than 162 levels deep/,
    },
  ])("refuses a hand-edited snapshot: $want", ({ change, want }) => {
    // Built as text: JSON.stringify itself overflows a few thousand levels down.
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const text = JSON.stringify({ ...base(), ...change }).replace('"DEEP"', deep);
    expect(() => parseSnapshot(text, "mcp.snapshot.json")).toThrow(SnapshotError);
    expect(() => parseSnapshot(text, "mcp.snapshot.json")).toThrow(want);
  });

  it("reads a number too large for a double as a broken snapshot, not as Infinity", () => {
    const text = JSON.stringify({
      ...base(),
      resources: [{ name: "r", uri: "u", size: "HUGE" }],
    }).replace('"HUGE"', "1e400");
    expect(() => parseSnapshot(text, "s")).toThrow(/holds a number too large for JSON to carry/);
  });
});
