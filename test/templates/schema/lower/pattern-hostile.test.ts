import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../../templates/schema/emit/typescript.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { compileGenerated, runtimeImport } from "../compile-generated.js";
import { evaluateZod } from "../evaluate-zod.js";

// Pieces of Java, PCRE, POSIX and ECMAScript syntax, so that joined runs hit every dialect's
// corners: possessive and lazy quantifiers, inline flags, \A \Z \z, named groups in three
// spellings, lookbehind, property escapes in several spellings, comment terminators and slashes.
const FRAGMENTS = [
  "\\p{Punct}",
  "\\p{IsLatin}",
  "\\p{L}",
  "\\p{Lu}",
  "\\P{Script=Greek}",
  "\\p{Script=Kawi}",
  "\\pL",
  "(?i)",
  "(?i:",
  "(?<=",
  "(?<!",
  "(?=",
  "(?!",
  "(?<n>",
  "(?P<n>",
  "(?'n'",
  "\\k<n>",
  "\\1",
  "(?>",
  "(",
  ")",
  "[",
  "]",
  "[^",
  "[[:alpha:]]",
  "a++",
  "*+",
  "?+",
  "+",
  "*",
  "?",
  "{2,}",
  "{,3}",
  "{1",
  "\\A",
  "\\Z",
  "\\z",
  "\\G",
  "\\Q",
  "\\E",
  "\\h",
  "\\R",
  "\\-",
  "\\/",
  "/",
  "*/",
  "\\u{1F600}",
  "\\u00e9",
  "\\x41",
  "\\c1",
  "\\cA",
  "^",
  "$",
  ".",
  "|",
  "-",
  "\\d",
  "\\w",
  "\\s",
  "\\b",
  "\n",
  "\u2028",
  "😀",
];

const patternText = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 2 })), { maxLength: 6 })
  .map((parts) => parts.join(""));

function moduleFor(pattern: string): { source: string; schema: unknown } {
  // The pattern both as `pattern` and as a patternProperties key next to a closed object, which
  // also builds the combined "other keys" pattern.
  const schema = {
    type: "object",
    properties: { s: { type: "string", pattern } },
    patternProperties: { [pattern]: { type: "number" } },
    additionalProperties: false,
  };
  const prepared = prepareSchema(schema);
  const types = schemaToTypeScript(prepared, { typeName: "T" });
  const zod = schemaToZod(prepared, { constName: "t", typeName: "T" });
  const source = [
    'import { z } from "zod";',
    runtimeImport(zod.runtimeValues),
    types.declarations,
    zod.declarations,
    `export const validator = ${zod.expression};`,
  ].join("\n");
  return { source, schema };
}

describe("patterns from any regex dialect", () => {
  it("give modules that compile under tsc and build their validators without throwing", () => {
    fc.assert(
      fc.property(fc.array(patternText, { minLength: 1, maxLength: 25 }), (patterns) => {
        const files: Record<string, string> = {};
        patterns.forEach((pattern, i) => {
          files[`p${i}.ts`] = moduleFor(pattern).source;
          const validator = evaluateZod(
            schemaToZod(prepareSchema(moduleFor(pattern).schema), {
              constName: "v",
              typeName: "V",
            }),
          );
          // Short inputs only: this property is about building, not about running time.
          validator.safeParse({ s: "a", x: 1 });
        });
        expect(compileGenerated(files)).toEqual([]);
      }),
      { numRuns: 3 },
    );
  });

  it("keep a pattern that is left out in the JSDoc, escaped", () => {
    const pattern = "\\p{Punct}*/ (?i)x";
    const prepared = prepareSchema({ type: "string", pattern });
    expect(prepared.diagnostics).toEqual([
      {
        pointer: "/pattern",
        message:
          "pattern is not an ECMAScript regular expression with the u flag; the validator does not check it",
        level: "warning",
      },
    ]);
    const { declarations } = schemaToTypeScript(prepared, { typeName: "T" });
    expect(declarations).toContain("@pattern \\p{Punct}*\\/ (?i)x");
    expect(schemaToZod(prepared, { constName: "t", typeName: "T" }).expression).toBe("z.string()");
  });
});
