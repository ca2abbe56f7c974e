/**
 * Prepared schema → zod 4 validator source: code that is emitted, never evaluated at generation
 * time. The expression is built over an identifier `z` (zod's namespace, which generated code
 * imports from `@mcp-codegen/runtime`).
 */
import { assertIdentifier } from "./literals.js";
import { stronglyConnected } from "../read/reference-graph.js";
import { warningsOf, type SchemaDiagnostic } from "../schema-error.js";
import type { PreparedSchema } from "../schema-node.js";
import { ZodEmitter } from "./zod-emitter.js";
import { LINEAR_PATTERN, OUTSIDE_PATTERNS } from "./zod-scalars.js";

const RESERVED: ReadonlySet<string> = new Set([
  "z",
  "value",
  "Object",
  "Array",
  LINEAR_PATTERN,
  OUTSIDE_PATTERNS,
]);

/** Options of `schemaToZod`. */
export interface ZodOptions {
  /** Name of the root validator; definitions are named `${constName}${suffix}`. */
  readonly constName: string;
  /**
   * Name given to `schemaToTypeScript` for the same schema: recursive validators are annotated
   * `z.ZodType<${typeName}${suffix}>`, so both outputs must be in the same module.
   */
  readonly typeName: string;
  /**
   * The annotation of a recursive validator, given its type's name (default
   * `z.ZodType<TypeName>`). Generated modules pass a plain facade type instead, so the compiler
   * never infers zod's generic types for thousands of validators.
   */
  readonly recursiveAnnotation?: (typeName: string) => string;
}

/** What `schemaToZod` returns. */
export interface ZodOutput {
  /**
   * `const` statements (not exported) for the `$ref` targets the root needs, dependencies first,
   * each on its own line; `""` when there are none. Valid at module level or inside a function
   * body (a validator factory that runs on first use).
   */
  readonly declarations: string;
  /** The root validator: an expression that may refer to the consts in `declarations`. */
  readonly expression: string;
  /** What the emitted validator could not check (level `warning`), with the schema pointer. */
  readonly diagnostics: readonly SchemaDiagnostic[];
  /**
   * Functions of `@mcp-codegen/runtime` the code calls by name (`linearPattern`,
   * `outsidePatterns`), which the module must import; sorted, empty when none.
   */
  readonly runtimeValues: readonly string[];
  /**
   * Whether `declarations` holds a recursive validator, annotated with `recursiveAnnotation`: the
   * module must then import the annotation's type.
   */
  readonly recursive: boolean;
}

/**
 * Writes zod 4 source that validates what a prepared schema describes.
 *
 * - Objects: `z.strictObject` when closed, `z.object(…).catchall(S)` for an
 *   `additionalProperties` schema, `z.looseObject` when open (nothing is ever stripped);
 *   optional properties `.optional()`; `patternProperties` as loose records with the patterns.
 * - Arrays `z.array`, tuples `z.tuple([...], rest)` with `.exactOptional()` elements past
 *   `minItems`; `minItems`/`maxItems` as checks.
 * - `enum`/`const` as `z.enum`/`z.literal` (exact shapes for objects and arrays); `anyOf` and type
 *   arrays as `z.union` (`.nullable()` for one type and null), `oneOf` as `z.xor`, `allOf` as
 *   `.and`; `not` and `if`/`then`/`else` as `.refine`.
 * - Strings: formats zod knows (`email`, `uri`, `uuid`, `date-time`, `date`, `duration`, `ipv4`,
 *   `ipv6`, `hostname`), lengths in code points, `pattern` as a refinement run by the runtime's
 *   linear-time engine (`linearPattern`) when it can be (otherwise skipped; `prepareSchema`
 *   reports it); `patternProperties` keys likewise. Numbers: `int()`, bounds, `multipleOf`.
 * - A declared `__proto__` property (which zod skips by name) is checked as an own property by a
 *   refinement in front of the object.
 * - Recursion: each recursive definition is `const X: z.ZodType<XType> = z.lazy(() => …)`.
 *
 * Known gaps, all listed as diagnostics by `prepareSchema`: keywords without a zod form
 * (`uniqueItems`, `contains`, `propertyNames`, `min/maxProperties`, `dependent*`); and zod's own
 * rules: `int()` stops at 2^53, and `.and` of two closed
 * objects admits the keys of either (as the TypeScript intersection does; JSON Schema would not).
 */
export function schemaToZod(prepared: PreparedSchema, options: ZodOptions): ZodOutput {
  assertIdentifier(options.constName, "constName");
  assertIdentifier(options.typeName, "typeName");
  // Emitted code uses these names itself; a validator named so would shadow them or be shadowed.
  if (RESERVED.has(options.constName))
    throw new TypeError(`constName must not be ${options.constName}: emitted code uses that name`);
  const annotate = options.recursiveAnnotation ?? ((typeName: string) => `z.ZodType<${typeName}>`);
  const { definitions } = prepared;
  const names = definitions.map((definition) => `${options.constName}${definition.suffix}`);
  const emitter = new ZodEmitter(names);
  const root = definitions[0];
  if (root === undefined) throw new TypeError("a prepared schema has a root definition");
  const statements: string[] = [];
  for (const component of stronglyConnected(
    definitions.map((definition) => definition.references),
  )) {
    for (const index of component) {
      const definition = definitions[index];
      if (definition === undefined || (index === 0 && !definition.recursive)) continue;
      const name = names[index] as string;
      const expression = emitter.emit(definition.node);
      statements.push(
        definition.recursive
          ? `const ${name}: ${annotate(`${options.typeName}${definition.suffix}`)} = z.lazy(() => ${expression});`
          : `const ${name} = ${expression};`,
      );
    }
  }
  const expression = root.recursive ? (names[0] as string) : emitter.emit(root.node);
  return {
    declarations: statements.join("\n"),
    expression,
    diagnostics: warningsOf(prepared),
    runtimeValues: emitter.runtimeValues,
    recursive: definitions.some((definition) => definition.recursive),
  };
}
