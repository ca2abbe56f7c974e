/**
 * Child program of linear-pattern.test.ts: validates server-chosen patterns against
 * server-chosen strings, the case and then a property over nested quantifiers, through the
 * generator's validators and a tool binding's output validation. It prints `completed` at the end;
 * the parent only asserts that it got there (a backtracking engine would take over an hour).
 */
import fc from "fast-check";
import { McpError } from "../../runtime/protocol/errors.js";
import type { McpClient } from "../../runtime/client/client.js";
import { defineTool } from "../../runtime/generated/tool-binding.js";
import type { GeneratedSchema } from "../../runtime/generated/generated-zod.js";
import { prepareSchema } from "../../templates/schema/prepare.js";
import { schemaToZod } from "../../templates/schema/emit/zod.js";
import { evaluateZod } from "../templates/schema/evaluate-zod.js";

function validatorFor(schema: unknown) {
  return evaluateZod(schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }));
}

// The case, as output validation runs it: `^(a+)+$` and forty `a` then `!`.
const outputSchema = {
  type: "object",
  properties: { s: { type: "string", pattern: "^(a+)+$" } },
  required: ["s"],
};
const tool = defineTool<Record<string, never>, unknown>({
  definitionJson: JSON.stringify({ name: "evil", inputSchema: { type: "object" }, outputSchema }),
  validators: () => ({
    input: validatorFor({ type: "object" }) as unknown as GeneratedSchema,
    output: validatorFor(outputSchema) as unknown as GeneratedSchema,
  }),
});
const client = {
  callTool: async () => ({
    content: [],
    structuredContent: { s: `${"a".repeat(40)}!` },
  }),
} as unknown as McpClient;
const rejected = await tool.call(client, {}).then(
  () => false,
  (error: unknown) => error instanceof McpError && error.kind === "validation",
);
if (!rejected) throw new Error("the evil output was not rejected");

// Nested and overlapping quantifiers (exponential for a backtracking engine) and stacked ones
// (polynomial), on long strings that almost match.
const unit = fc.constantFrom("a", "[ab]", "\\w", ".", "a|a", "a|aa", "\\d|1", "(?:a?)");
const inner = fc.constantFrom("+", "*", "{1,}", "{0,3}");
const outer = fc.constantFrom("+", "*", "{2,}");
const shape = fc.constantFrom(
  (u: string, i: string, o: string) => `^((?:${u})${i})${o}$`,
  (u: string, i: string, o: string) => `((?:${u})${i})${o}!`,
  (u: string, i: string, o: string) => `^((?:${u})${i}(?:${u})${i})${o}$`,
  (u: string, i: string) => `(?:${u})${i}(?:${u})${i}(?:${u})${i}!`,
  (u: string, i: string, o: string) => `(?:(?:${u})${o})${o}b`,
);
const pattern = fc.tuple(shape, unit, inner, outer).map(([make, u, i, o]) => make(u, i, o));
const adversarial = fc
  .tuple(fc.constantFrom("a", "1", "ab", "_"), fc.integer({ min: 2_000, max: 10_000 }))
  .chain(([piece, count]) =>
    fc.constantFrom("!", "", "\n", "b!", "😀").map((tail) => piece.repeat(count) + tail),
  );
fc.assert(
  fc.property(pattern, adversarial, (p, s) => {
    const validator = validatorFor({ type: "string", pattern: p });
    validator.safeParse(s);
    const keyed = validatorFor({
      type: "object",
      patternProperties: { [p]: { type: "number" } },
      additionalProperties: false,
    });
    keyed.safeParse({ [s]: "x" });
  }),
  { numRuns: 25 },
);
console.log("completed");
