/**
 * One schema per keyword and shape, with the zod text schemaToZod emits for it (declarations,
 * then the expression, on consecutive lines). The emitter table checks the text; the emitted
 * validators test compiles every case against its emitted types.
 */
export const keywordCases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
  {
    name: "closed object",
    given: {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } },
      required: ["city"],
      additionalProperties: false,
    },
    want: "z.strictObject({ city: z.string(), days: z.number().int().min(1).optional() })",
  },
  {
    name: "open object",
    given: { type: "object", properties: { a: { type: "boolean" } } },
    want: "z.looseObject({ a: z.boolean().optional() })",
  },
  {
    name: "additionalProperties schema",
    given: {
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: { type: "number" },
    },
    want: "z.object({ a: z.string().optional() }).catchall(z.number())",
  },
  {
    name: "empty closed object",
    given: { type: "object", additionalProperties: false },
    want: "z.strictObject({})",
  },
  {
    name: "required but undeclared",
    given: { type: "object", required: ["a"], additionalProperties: { type: "string" } },
    want: "z.object({ a: z.string() }).catchall(z.string())",
  },
  {
    name: "required unknown",
    given: { type: "object", properties: { a: {} }, required: ["a"] },
    want: "z.looseObject({ a: z.unknown() })",
  },
  {
    name: "patternProperties, closed",
    given: {
      type: "object",
      properties: { id: { type: "string" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: false,
    },
    want: 'z.looseObject({ id: z.string().optional() }).and(z.looseRecord(z.string().refine(linearPattern("^x-"), "must match the pattern \\"^x-\\""), z.boolean())).and(z.looseRecord(z.string().refine(outsidePatterns(["id"], ["^x-"])), z.never()))',
  },
  {
    name: "patternProperties, open",
    given: { type: "object", patternProperties: { "^n": { type: "integer" } } },
    want: 'z.looseObject({}).and(z.looseRecord(z.string().refine(linearPattern("^n"), "must match the pattern \\"^n\\""), z.number().int()))',
  },
  {
    // A back-reference has no linear-time check: the key is left out, and so are the other keys.
    name: "back-reference pattern key",
    given: {
      type: "object",
      patternProperties: { "(a)\\1": { type: "integer" } },
      additionalProperties: false,
    },
    want: "z.looseObject({})",
  },
  {
    name: "invalid pattern key",
    given: {
      type: "object",
      patternProperties: { "(": { type: "integer" } },
      additionalProperties: false,
    },
    want: "z.looseObject({})",
  },
  {
    name: "inherited names",
    given: {
      type: "object",
      properties: { constructor: { type: "string" }, toString: { type: "number" } },
      required: ["toString"],
      additionalProperties: false,
    },
    want: `z.preprocess((value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value), z.strictObject({ constructor: z.string().optional(), toString: z.number() }))`,
  },
  {
    name: "array",
    given: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
    want: "z.array(z.string()).min(1).max(3)",
  },
  {
    name: "array of anything",
    given: { type: "array" },
    want: "z.array(z.unknown())",
  },
  {
    name: "tuple with rest",
    given: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: { type: "boolean" },
      minItems: 1,
    },
    want: "z.tuple([z.string(), z.number().exactOptional()], z.boolean())",
  },
  {
    name: "closed tuple",
    given: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: false,
      minItems: 2,
    },
    want: "z.tuple([z.string(), z.number()])",
  },
  {
    name: "tuple counts beyond the prefix",
    given: { type: "array", prefixItems: [{ type: "string" }], minItems: 3, maxItems: 5 },
    want: "z.tuple([z.string()], z.unknown()).check(z.minLength(3)).check(z.maxLength(5))",
  },
  {
    name: "tuple shorter than the prefix",
    given: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "string" }],
      items: false,
      maxItems: 1,
    },
    want: "z.tuple([z.string().exactOptional(), z.string().exactOptional()]).check(z.maxLength(1))",
  },
  {
    name: "empty tuple",
    given: { type: "array", items: false },
    want: "z.tuple([])",
  },
  {
    name: "string enum",
    given: { enum: ["a", "b"] },
    want: `z.enum(["a", "b"])`,
  },
  {
    name: "mixed enum",
    given: { enum: ["a", 1, null, true, { k: [1, "x"] }, [], {}] },
    want: `z.union([z.literal(["a", 1, null, true]), z.strictObject({ k: z.tuple([z.literal(1), z.literal("x")]) }), z.tuple([]), z.strictObject({})])`,
  },
  {
    name: "const",
    given: { const: "fixed" },
    want: `z.literal("fixed")`,
  },
  {
    name: "impossible const",
    given: { type: "string", const: 1 },
    want: "z.never()",
  },
  {
    name: "nullable",
    given: { type: ["string", "null"] },
    want: "z.string().nullable()",
  },
  {
    name: "type array",
    given: { type: ["string", "integer", "boolean"] },
    want: "z.union([z.string(), z.number().int(), z.boolean()])",
  },
  {
    name: "anyOf",
    given: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
    want: "z.union([z.string(), z.array(z.string())])",
  },
  {
    name: "oneOf",
    given: { oneOf: [{ type: "integer" }, { type: "number", minimum: 5 }] },
    want: "z.xor([z.number().int(), z.number().min(5)])",
  },
  {
    name: "allOf",
    given: {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { type: "object", properties: { b: { type: "number" } } },
      ],
    },
    want: "z.looseObject({ a: z.string() }).and(z.looseObject({ b: z.number().optional() }))",
  },
  {
    name: "allOf with a closed empty object",
    given: {
      allOf: [
        { type: "object", additionalProperties: false },
        { type: "object", properties: { a: { type: "string" } } },
      ],
    },
    want: "z.strictObject({}).and(z.looseObject({ a: z.string().optional() }))",
  },
  {
    name: "not",
    given: { type: "string", not: { enum: ["x", "y"] } },
    want: `z.string().refine((value) => !z.enum(["x", "y"]).safeParse(value).success, "must not match the schema in \`not\`")`,
  },
  {
    name: "if then else",
    given: {
      type: "object",
      if: { properties: { a: { const: "x" } } },
      then: { required: ["b"] },
      else: { required: ["c"] },
    },
    want: `z.looseObject({}).refine((value) => (z.looseObject({ a: z.literal("x").optional() }).safeParse(value).success ? z.looseObject({ b: z.unknown() }) : z.looseObject({ c: z.unknown() })).safeParse(value).success, "must match \`then\` when \`if\` matches, else \`else\`")`,
  },
  {
    name: "if then",
    given: { type: "integer", if: { minimum: 10 }, then: { multipleOf: 2 } },
    want: `z.number().int().refine((value) => (z.number().min(10).safeParse(value).success ? z.number().multipleOf(2) : z.unknown()).safeParse(value).success, "must match \`then\` when \`if\` matches, else \`else\`")`,
  },
  {
    name: "string checks",
    given: { type: "string", minLength: 2, maxLength: 5, pattern: "^a/b" },
    want: 'z.string().regex(/^[\\s\\S]{2,5}$/u).refine(linearPattern("^a/b"), "must match the pattern \\"^a/b\\"")',
  },
  {
    name: "non-empty string",
    given: { type: "string", minLength: 1 },
    want: "z.string().min(1)",
  },
  {
    name: "impossible lengths",
    given: { type: "string", minLength: 3, maxLength: 2 },
    want: "z.never()",
  },
  {
    // Valid only without `u`, where it means something the author may not have meant: left out.
    name: "legacy pattern",
    given: { type: "string", pattern: "^[\\w-.]+$" },
    want: "z.string()",
  },
  {
    name: "invalid pattern",
    given: { type: "string", pattern: "(" },
    want: "z.string()",
  },
  {
    name: "formats",
    given: {
      type: "object",
      properties: {
        e: { type: "string", format: "email" },
        u: { type: "string", format: "uri" },
        id: { type: "string", format: "uuid" },
        t: { type: "string", format: "date-time" },
        d: { type: "string", format: "date" },
        p: { type: "string", format: "duration" },
        i4: { type: "string", format: "ipv4" },
        i6: { type: "string", format: "ipv6" },
        h: { type: "string", format: "hostname" },
        other: { type: "string", format: "__proto__" },
      },
      additionalProperties: false,
    },
    want: "z.strictObject({ e: z.email().optional(), u: z.url().optional(), id: z.guid().optional(), t: z.iso.datetime({ offset: true }).optional(), d: z.iso.date().optional(), p: z.iso.duration().optional(), i4: z.ipv4().optional(), i6: z.ipv6().optional(), h: z.hostname().optional(), other: z.string().optional() })",
  },
  {
    name: "numbers",
    given: {
      type: "object",
      properties: {
        a: { type: "number", minimum: -1.5, maximum: 10 },
        b: { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 100, multipleOf: 5 },
      },
      additionalProperties: false,
    },
    want: "z.strictObject({ a: z.number().min(-1.5).max(10).optional(), b: z.number().int().gt(0).lt(100).multipleOf(5).optional() })",
  },
  {
    name: "recursion",
    given: {
      $defs: {
        node: {
          type: "object",
          properties: { value: { type: "integer" }, next: { $ref: "#/$defs/node" } },
          required: ["value"],
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/node",
    },
    want: `const tNode: z.ZodType<TNode> = z.lazy(() => z.strictObject({ value: z.number().int(), next: tNode.optional() }));
tNode`,
  },
  {
    name: "root recursion",
    given: {
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#" } } },
      additionalProperties: false,
    },
    want: `const t: z.ZodType<T> = z.lazy(() => z.strictObject({ children: z.array(t).optional() }));
t`,
  },
  {
    name: "mutual recursion",
    given: {
      type: "object",
      properties: { t: { $ref: "#/$defs/T" } },
      additionalProperties: false,
      $defs: {
        T: { type: "array", items: { $ref: "#/$defs/U" } },
        U: { anyOf: [{ $ref: "#/$defs/T" }, { type: "string" }] },
      },
    },
    want: `const tT: z.ZodType<TT> = z.lazy(() => z.array(tU));
const tU: z.ZodType<TU> = z.lazy(() => z.union([tT, z.string()]));
z.strictObject({ t: tT.optional() })`,
  },
  {
    name: "shared definition",
    given: {
      type: "object",
      properties: { a: { $ref: "#/$defs/id" }, b: { $ref: "#/$defs/id" } },
      additionalProperties: false,
      $defs: { id: { type: "string", format: "uuid" } },
    },
    want: `const tId = z.guid();
z.strictObject({ a: tId.optional(), b: tId.optional() })`,
  },
  {
    name: "true",
    given: true,
    want: "z.unknown()",
  },
  {
    name: "false",
    given: false,
    want: "z.never()",
  },
  {
    name: "empty",
    given: {},
    want: "z.unknown()",
  },
];
