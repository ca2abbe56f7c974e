import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import {
  MCP_PARAM_SCHEMA_LIMITS,
  buildMcpParamHeaders,
  findMcpParamHeaders,
} from "../../../runtime/calls/mcp-param-headers.js";
import type { McpParamHeader } from "../../../runtime/calls/mcp-param-headers.js";

const str = (name: string): Record<string, unknown> => ({ type: "string", "x-mcp-header": name });
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("findMcpParamHeaders: valid schemas", () => {
  const table: Array<[label: string, schema: unknown, want: McpParamHeader[]]> = [
    ["no schema", undefined, []],
    ["a boolean schema", true, []],
    ["no annotations", obj({ a: { type: "string" } }), []],
    [
      "the spec's execute_sql example",
      obj({
        region: { type: "string", description: "The region", "x-mcp-header": "Region" },
        query: { type: "string" },
      }),
      [{ name: "Region", path: ["region"], type: "string" }],
    ],
    [
      "integer and boolean, in property order",
      obj({
        b: { type: "integer", "x-mcp-header": "Count" },
        a: { type: "boolean", "x-mcp-header": "Dry-Run" },
      }),
      [
        { name: "Count", path: ["b"], type: "integer" },
        { name: "Dry-Run", path: ["a"], type: "boolean" },
      ],
    ],
    [
      "nested objects through properties only",
      obj({ outer: obj({ inner: str("Tenant") }), after: str("After") }),
      [
        { name: "Tenant", path: ["outer", "inner"], type: "string" },
        { name: "After", path: ["after"], type: "string" },
      ],
    ],
    [
      "every tchar",
      obj({ a: str("!#$%&'*+-.^_`|~09AZaz") }),
      [{ name: "!#$%&'*+-.^_`|~09AZaz", path: ["a"], type: "string" }],
    ],
    [
      "keys with / and ~",
      obj({ "a/b~c": str("Slash") }),
      [{ name: "Slash", path: ["a/b~c"], type: "string" }],
    ],
    [
      "annotation-looking data under const/default/enum/examples is not a schema",
      obj(
        { a: { type: "object", default: { "x-mcp-header": "No" } } },
        { examples: [{ "x-mcp-header": "No" }], const: { "x-mcp-header": "No" } },
      ),
      [],
    ],
    [
      "a $ref next to an explicit type on a reachable property",
      obj({ a: { $ref: "#/$defs/s", type: "string", "x-mcp-header": "A" } }, { $defs: { s: {} } }),
      [{ name: "A", path: ["a"], type: "string" }],
    ],
  ];
  it.each(table)("%s", (_label, schema, want) => {
    expect(findMcpParamHeaders(schema)).toEqual({ ok: true, headers: want });
  });

  it("builds an object with __proto__ as an own key", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","x-mcp-header":"P"}}}',
    );
    expect(findMcpParamHeaders(schema)).toEqual({
      ok: true,
      headers: [{ name: "P", path: ["__proto__"], type: "string" }],
    });
  });
});

describe("findMcpParamHeaders: invalid schemas", () => {
  const table: Array<[label: string, schema: unknown, reason: RegExp]> = [
    ["empty name", obj({ a: str("") }), /not a non-empty string/],
    ["non-string name", obj({ a: { type: "string", "x-mcp-header": 1 } }), /non-empty string/],
    ["space in name", obj({ a: str("My Header") }), /not an HTTP token/],
    ["colon in name", obj({ a: str("A:B") }), /not an HTTP token/],
    ["CR LF in name", obj({ a: str("A\r\nB") }), /not an HTTP token/],
    ["non-ASCII name", obj({ a: str("Région") }), /not an HTTP token/],
    ["duplicate ignoring case", obj({ a: str("Region"), b: str("REGION") }), /repeats/],
    [
      "duplicate across nesting",
      obj({ a: str("X"), b: obj({ c: str("x") }) }),
      /repeats the header name "x"/,
    ],
    ["type number", obj({ a: { type: "number", "x-mcp-header": "N" } }), /"number"/],
    ["missing type", obj({ a: { "x-mcp-header": "N" } }), /type is missing/],
    [
      "type array",
      obj({ a: { type: ["string", "null"], "x-mcp-header": "N" } }),
      /type is \["string","null"\]/,
    ],
    ["type object", obj({ a: { type: "object", "x-mcp-header": "N" } }), /"object"/],
    ["enum only", obj({ a: { enum: ["x"], "x-mcp-header": "N" } }), /missing/],
    ["on the root", { type: "string", "x-mcp-header": "Root" }, /"\/"/],
    ["under items", obj({ a: { type: "array", items: str("I") } }), /\/properties\/a\/items/],
    ["under prefixItems", obj({ a: { type: "array", prefixItems: [str("I")] } }), /prefixItems\/0/],
    ["under anyOf", obj({}, { anyOf: [obj({ a: str("A") })] }), /\/anyOf\/0\/properties\/a/],
    ["under oneOf", obj({}, { oneOf: [obj({ a: str("A") })] }), /oneOf/],
    ["under allOf", obj({}, { allOf: [obj({ a: str("A") })] }), /allOf/],
    ["under not", obj({}, { not: obj({ a: str("A") }) }), /\/not\//],
    ["under if", obj({}, { if: obj({ a: str("A") }) }), /\/if\//],
    ["under then", obj({}, { then: obj({ a: str("A") }) }), /\/then\//],
    ["under else", obj({}, { else: obj({ a: str("A") }) }), /\/else\//],
    [
      "under $defs (behind a $ref)",
      obj({ a: { $ref: "#/$defs/r" } }, { $defs: { r: str("R") } }),
      /\$defs\/r/,
    ],
    ["under definitions", obj({}, { definitions: { r: str("R") } }), /definitions\/r/],
    [
      "under additionalProperties",
      obj({}, { additionalProperties: str("A") }),
      /additionalProperties/,
    ],
    [
      "under patternProperties",
      obj({}, { patternProperties: { "^x": str("A") } }),
      /patternProperties/,
    ],
    [
      "under dependentSchemas",
      obj({}, { dependentSchemas: { a: obj({ b: str("B") }) } }),
      /dependentSchemas/,
    ],
    ["under unevaluatedProperties", obj({}, { unevaluatedProperties: str("U") }), /unevaluated/],
    ["under contains", obj({ a: { type: "array", contains: str("C") } }), /contains/],
    ["under propertyNames", obj({}, { propertyNames: str("P") }), /propertyNames/],
    [
      "properties below a non-static step",
      obj({ a: { type: "array", items: obj({ b: obj({ c: str("Deep") }) }) } }),
      /items\/properties\/b\/properties\/c/,
    ],
    ["an escaped pointer", obj({ "a/b": { type: "array", items: str("E") } }), /a~1b\/items/],
  ];
  it.each(table)("%s", (_label, schema, reason) => {
    const result = findMcpParamHeaders(schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe("findMcpParamHeaders: bounds", () => {
  it("rejects a schema nested past maxDepth without recursing", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < MCP_PARAM_SCHEMA_LIMITS.maxDepth + 5; i++) schema = obj({ a: schema });
    const result = findMcpParamHeaders(schema);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/deeper than 64/) });
  });

  it("accepts a schema right at maxDepth", () => {
    let schema: Record<string, unknown> = str("Deep");
    for (let i = 0; i < MCP_PARAM_SCHEMA_LIMITS.maxDepth; i++) schema = obj({ a: schema });
    const result = findMcpParamHeaders(schema);
    expect(result.ok && result.headers[0]?.path.length).toBe(MCP_PARAM_SCHEMA_LIMITS.maxDepth);
  });

  it("rejects a schema with too many subschemas", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < MCP_PARAM_SCHEMA_LIMITS.maxSubschemas; i++) properties[`p${i}`] = {};
    expect(findMcpParamHeaders(obj(properties))).toEqual({
      ok: false,
      reason: expect.stringMatching(/more than 10000 subschemas/),
    });
  });

  it("terminates on a cyclic in-memory schema", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.properties = { self: schema };
    expect(findMcpParamHeaders(schema).ok).toBe(false);
  });

  it("walks a wide shared subtree (a DAG) only within the node budget", () => {
    // Each level references the previous one twice: 2^40 paths if the walk did not stop.
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) schema = { allOf: [schema, schema] };
    expect(findMcpParamHeaders(schema)).toEqual({
      ok: false,
      reason: expect.stringMatching(/subschemas/),
    });
  });
});

describe("buildMcpParamHeaders", () => {
  const headers: McpParamHeader[] = [
    { name: "Region", path: ["region"], type: "string" },
    { name: "Count", path: ["opts", "count"], type: "integer" },
    { name: "Dry", path: ["dry"], type: "boolean" },
  ];
  const table: Array<[label: string, args: unknown, want: Record<string, string>]> = [
    [
      "all present",
      { region: "us-west1", opts: { count: 42 }, dry: false },
      { "Mcp-Param-Region": "us-west1", "Mcp-Param-Count": "42", "Mcp-Param-Dry": "false" },
    ],
    ["absent values are omitted", { region: "eu" }, { "Mcp-Param-Region": "eu" }],
    ["null values are omitted", { region: null, opts: { count: null }, dry: null }, {}],
    ["a non-object on the path omits", { opts: "not an object" }, {}],
    ["an array on the path omits", { opts: [42] }, {}],
    ["no arguments", undefined, {}],
    [
      "unsafe text is encoded",
      { region: "Hello, 世界" },
      { "Mcp-Param-Region": "=?base64?SGVsbG8sIOS4lueVjA==?=" },
    ],
    ["an empty string is sent empty", { region: "" }, { "Mcp-Param-Region": "" }],
    ["an integral float is an integer", { opts: { count: 7.0 } }, { "Mcp-Param-Count": "7" }],
  ];
  it.each(table)("%s", (_label, args, want) => {
    expect(buildMcpParamHeaders(headers, args)).toEqual(want);
  });

  it("does not read inherited properties", () => {
    const args = Object.create({ region: "inherited" }) as Record<string, unknown>;
    expect(buildMcpParamHeaders(headers, args)).toEqual({});
  });

  const wrong: Array<[label: string, args: unknown, message: RegExp]> = [
    [
      "a number for a string",
      { region: 1 },
      /"region" \(header Mcp-Param-Region\) must be a string, got the number 1$/,
    ],
    ["a string for an integer", { opts: { count: "42" } }, /must be an integer/],
    ["a fraction for an integer", { opts: { count: 1.5 } }, /got the number 1.5/],
    ["an unsafe integer", { opts: { count: 2 ** 53 } }, /within ±\(2\^53−1\)/],
    ["a string for a boolean", { dry: "true" }, /must be a boolean, got string/],
    ["an object for a string", { region: {} }, /got object/],
    ["an array for a string", { region: [] }, /got an array/],
  ];
  it.each(wrong)("rejects %s as input", (_label, args, message) => {
    let caught: unknown;
    try {
      buildMcpParamHeaders(headers, args);
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind).toBe("input");
    expect((caught as Error).message).toMatch(message);
  });
});
