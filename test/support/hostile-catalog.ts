/**
 * fast-check arbitraries for whole hostile catalogs: what an untrusted server may put in its
 * contract to break the generator, the generated code or the user's process. Each family stands
 * for a class the generator must survive (issue 6): names and text that try to escape strings and
 * comments or rewrite a terminal line, numbers that do not print as they parse, patterns that
 * backtrack or are not ECMAScript, unions whose product explodes, Object.prototype keys, schema
 * errors (typos, network and dangling `$ref`s), malformed entries and deep values.
 */
import fc from "fast-check";

/** Every Object.prototype member name: `constructor`, `toString`, `__proto__`, … */
export const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Text written to break out of a string, comment, JSDoc tag or terminal line. */
const HOSTILE_TEXTS = [
  "@deprecated use something else",
  "{@link https://example.invalid/x}",
  "*/ throw new Error('pwned'); /*",
  "\u001b[2K\u001b[1Gpull: 0 tools written, ok",
  "\u001b]8;;https://example.invalid\u0007link\u001b]8;;\u0007",
  "line\u000bvertical\u000cfeed\rreturn",
  "\u061c\u0085\u200b\ufff9\u2028\u2029\u202e",
  "${process.exit(1)}",
  "`; process.exit(1); `",
  '\\u0022 \\ "',
  "</script><!--",
  "\ud800 lone surrogate \udfff",
  "",
  "   ",
  "名前",
  "123",
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Numbers that JSON can carry but that print oddly: exponents, -0, past 2^53, subnormals. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e21, 1e308, -1e308, -0, 5e-324, 2 ** 53 + 2, 1e-7, 0.1, -1, 0, 3),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Patterns that backtrack catastrophically, are Java/PCRE-only, or are not patterns at all. */
export const HOSTILE_PATTERNS = [
  "^(a+)+$",
  "(a|a)*$",
  "(a*)*b",
  "^(\\w+\\s?)+$",
  "(.*a){12}",
  "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
  "\\p{Punct}",
  "\\p{IsLatin}+",
  "(?i)abc",
  "a++b",
  "(?>a+)b",
  "\\Aabc\\Z",
  "[",
  "\\",
  "^[a-z]+$",
  "^\\d{4}-\\d{2}-\\d{2}$",
  "/",
  "\u2028",
];

export const hostilePattern: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_PATTERNS);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const literal: fc.Arbitrary<Json> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
);

/** One leaf schema: every numeric keyword, patterns, literals, and outright schema errors. */
const leafSchema: fc.Arbitrary<Json> = fc.oneof(
  fc.record(
    {
      type: fc.constant("string"),
      minLength: hostileNumber,
      maxLength: hostileNumber,
      pattern: hostilePattern,
      default: hostileText,
      description: hostileText,
    },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constantFrom("number", "integer"),
      minimum: hostileNumber,
      maximum: hostileNumber,
      exclusiveMinimum: hostileNumber,
      multipleOf: hostileNumber,
      default: hostileNumber,
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ enum: fc.array(literal, { minLength: 1, maxLength: 4 }) }),
  fc.record({ const: literal }),
  fc.record(
    {
      type: fc.constant("array"),
      items: fc.constant({ type: "string" }),
      minItems: hostileNumber,
      maxItems: hostileNumber,
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constantFrom("strin", "Integer", 7) }),
  fc.record({
    $ref: fc.constantFrom(
      "https://example.invalid/schema.json",
      "#/$defs/missing",
      "file:///etc/passwd",
      "#",
    ),
  }),
  fc.constantFrom<Json>(true, false, 5, "not a schema", null),
);

/** `allOf` over several multi-branch `anyOf`s: a product of unions when expanded. */
const unionProduct: fc.Arbitrary<Json> = fc.record({
  allOf: fc.array(fc.record({ anyOf: fc.array(leafSchema, { minLength: 2, maxLength: 3 }) }), {
    minLength: 2,
    maxLength: 7,
  }),
});

const propertyName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  hostileText,
  fc.constantFrom("decimals", "city", "a"),
);

/** A value nested `depth` arrays deep, built without recursion. */
export function deepValue(depth: number): Json {
  let value: Json = "bottom";
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

const objectSchema: fc.Arbitrary<Json> = fc.record(
  {
    type: fc.constant("object"),
    properties: fc.dictionary(propertyName, fc.oneof(leafSchema, unionProduct), { maxKeys: 5 }),
    patternProperties: fc.dictionary(hostilePattern, fc.constant({ type: "string" }), {
      maxKeys: 2,
    }),
    additionalProperties: fc.oneof(fc.boolean(), fc.constant({ type: "number" })),
    required: fc.array(propertyName, { maxLength: 2 }),
    description: hostileText,
  },
  { requiredKeys: ["type"] },
);

const tool: fc.Arbitrary<Json> = fc.record(
  {
    name: propertyName,
    title: hostileText,
    description: hostileText,
    inputSchema: objectSchema,
    outputSchema: objectSchema,
    annotations: fc.record({ title: hostileText, readOnlyHint: fc.boolean() }),
    // Past the contract's depth bound (the entry is left out), or past the client's own
    // MAX_JSON_DEPTH (the whole list is a protocol error: exit 3).
    _meta: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Json>({ note: "x" }) },
      { weight: 2, arbitrary: fc.constant<Json>({ deep: deepValue(500) }) },
      { weight: 1, arbitrary: fc.constant<Json>({ deep: deepValue(100_000) }) },
    ),
  },
  { requiredKeys: ["name", "inputSchema"] },
);

/** Entries a careless or hostile server sends in place of a valid definition. */
const malformedEntry: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  null,
  5,
  "tool",
  [],
  { name: 5, inputSchema: { type: "object" } },
  { name: "titled", title: 7, inputSchema: { type: "object" } },
  { name: "no-schema" },
  { name: "bad-schema", inputSchema: "x" },
  { name: "deep", inputSchema: { type: "object", default: deepValue(500) } },
);

const prompt: fc.Arbitrary<Json> = fc.oneof(
  fc.record(
    {
      name: propertyName,
      description: hostileText,
      arguments: fc.array(
        fc.record(
          { name: propertyName, description: hostileText, required: fc.boolean() },
          { requiredKeys: ["name"] },
        ),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: ["name"] },
  ),
  fc.constantFrom<Json>({ name: "args-not-a-list", arguments: "x" }, null, { name: 3 }),
);

const resourceTemplate: fc.Arbitrary<Json> = fc.record({
  name: propertyName,
  description: hostileText,
  uriTemplate: fc.constantFrom(
    "file:///{path}",
    "https://example.invalid/{+rest}{?q,limit*}",
    "x://{constructor}/{__proto__}",
    "{",
    "plain://no-variables",
  ),
});

const resource: fc.Arbitrary<Json> = fc.record({
  name: propertyName,
  uri: fc.constantFrom("file:///a.txt", "https://example.invalid/r", "not a uri"),
  description: hostileText,
});

/** A catalog for test/fixtures/cli/contract-server.mjs: every list hostile in its own way. */
export interface HostileCatalog {
  serverInfo: { name: string; version: string };
  tools: Json[];
  prompts: Json[];
  resources: Json[];
  resourceTemplates: Json[];
}

export const hostileCatalog: fc.Arbitrary<HostileCatalog> = fc.record({
  serverInfo: fc.record({
    name: fc.oneof(fc.constant(""), hostileText),
    version: fc.constantFrom("1.0.0", "", "\u001b[31m9"),
  }),
  tools: fc.array(
    fc.oneof({ weight: 4, arbitrary: tool }, { weight: 1, arbitrary: malformedEntry }),
    { maxLength: 4 },
  ),
  prompts: fc.array(prompt, { maxLength: 2 }),
  resources: fc.array(resource, { maxLength: 2 }),
  resourceTemplates: fc.array(resourceTemplate, { maxLength: 2 }),
});
