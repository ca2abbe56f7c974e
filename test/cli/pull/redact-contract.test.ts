import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../cli/pull/redact-contract.js";
import type { Secret } from "../../../cli/secrets/secret-sources.js";
import type { PulledContract } from "../../../templates/snapshot.js";

const SECRET = "T0ken-5f1c2a9e";
const SECRETS: Secret[] = [{ text: SECRET, source: "header Authorization" }];

function contractWith(tool: Record<string, unknown>, extra: Partial<PulledContract> = {}) {
  return {
    name: "demo",
    server: { name: "demo", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {} },
    clientCapabilities: {},
    tools: [{ name: "get_info", inputSchema: { type: "object" }, ...tool }],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...extra,
  } as PulledContract;
}

describe("redactSecrets: prose is masked", () => {
  // [where, tool fields, want tool fields]
  const table: ReadonlyArray<readonly [string, Record<string, unknown>, Record<string, unknown>]> =
    [
      ["description", { description: `uses ${SECRET}` }, { description: "uses ***" }],
      ["title", { title: `${SECRET}!` }, { title: "***!" }],
      [
        "a property's default and description",
        {
          inputSchema: {
            type: "object",
            properties: { key: { type: "string", default: SECRET, description: `e.g. ${SECRET}` } },
          },
        },
        {
          inputSchema: {
            type: "object",
            properties: { key: { type: "string", default: "***", description: "e.g. ***" } },
          },
        },
      ],
      [
        "examples, nested",
        { inputSchema: { type: "object", examples: [{ key: [SECRET] }] } },
        { inputSchema: { type: "object", examples: [{ key: ["***"] }] } },
      ],
      [
        "a property named description is still a schema",
        { inputSchema: { type: "object", properties: { description: { title: SECRET } } } },
        { inputSchema: { type: "object", properties: { description: { title: "***" } } } },
      ],
    ];
  it.each(table)("%s", (_, tool, want) => {
    const result = redactSecrets(contractWith(tool), SECRETS);
    expect(result.collisions).toEqual([]);
    expect(result.contract.tools[0]).toEqual({ ...contractWith(tool).tools[0], ...want });
    expect(result.sources).toEqual(["header Authorization"]);
    expect(JSON.stringify(result.contract)).not.toContain(SECRET);
  });

  it("masks the instructions and the server's version", () => {
    const result = redactSecrets(
      contractWith({}, { instructions: `key ${SECRET}`, server: { name: "d", version: SECRET } }),
      SECRETS,
    );
    expect(result.contract.instructions).toBe("key ***");
    expect(result.contract.server.version).toBe("***");
    expect(result.replaced).toBe(2);
  });
});

describe("redactSecrets: names, keys, enum and const values are never rewritten", () => {
  // [where, tool fields, want place]
  const table: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
    ["a tool name", { name: `get_${SECRET}` }, 'a value of tool "get_***" at /name'],
    [
      "a property key",
      { inputSchema: { type: "object", properties: { [SECRET]: { type: "string" } } } },
      'a key of tool "get_info" at /inputSchema/properties/***',
    ],
    [
      "an enum value",
      { inputSchema: { type: "object", properties: { level: { enum: ["low", SECRET] } } } },
      'a value of tool "get_info" at /inputSchema/properties/level/enum/1',
    ],
    [
      "a const value",
      { outputSchema: { type: "object", properties: { kind: { const: SECRET } } } },
      'a value of tool "get_info" at /outputSchema/properties/kind/const',
    ],
    [
      "a key inside a default",
      { inputSchema: { type: "object", default: { [SECRET]: 1 } } },
      'a key of tool "get_info" at /inputSchema/default/***',
    ],
  ];
  it.each(table)("%s", (_, tool, place) => {
    const contract = contractWith(tool);
    const result = redactSecrets(contract, SECRETS);
    expect(result.collisions[0]).toEqual({ source: "header Authorization", place });
    // Nothing was rewritten where calls depend on it.
    expect(JSON.stringify(result.contract.tools[0]?.name)).toBe(
      JSON.stringify(contract.tools[0]?.name),
    );
  });

  it("reports a secret in a prompt argument's name and a resource URI", () => {
    const contract = contractWith(
      {},
      {
        prompts: [{ name: "p", arguments: [{ name: SECRET }] }],
        resources: [{ name: "r", uri: `file:///${SECRET}` }],
      },
    );
    expect(redactSecrets(contract, SECRETS).collisions.map((c) => c.place)).toEqual([
      'a value of prompt "p" at /arguments/0/name',
      'a value of resource "r" at /uri',
    ]);
  });
});

describe("redactSecrets: properties", () => {
  const word = fc.stringMatching(/^[a-z]{4,10}$/);
  it("an ordinary value is no secret: with no secrets, every name, key and enum stays", () => {
    fc.assert(
      fc.property(word, word, (name, value) => {
        const tool = {
          name: `get_${value}`,
          inputSchema: { type: "object", properties: { [value]: { enum: [value, name] } } },
        };
        const contract = contractWith(tool);
        const result = redactSecrets(contract, []);
        expect(result.contract).toBe(contract);
        expect(result.collisions).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("a secret in prose never survives, a secret in a name is always reported", () => {
    const secret = fc.string({ minLength: 4, maxLength: 16 });
    fc.assert(
      fc.property(secret, fc.string(), fc.string(), (text, before, after) => {
        const secrets: Secret[] = [{ text, source: "env X" }];
        const prose = redactSecrets(contractWith({ description: before + text + after }), secrets);
        expect(prose.contract.tools[0]?.description).not.toContain(text);
        const named = redactSecrets(contractWith({ name: before + text + after }), secrets);
        expect(named.collisions.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
