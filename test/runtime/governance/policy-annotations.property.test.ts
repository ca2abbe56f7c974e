/**
 * The rule that makes annotation rules safe: the server writes the annotations, so no combination
 * of them may turn a decision the rest of the policy makes into a looser one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPolicy, type PolicyDecision, type PolicyRule } from "@mcp-codegen/runtime";

const HINT_NAMES = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
const hints = fc.record(
  Object.fromEntries(HINT_NAMES.map((hint) => [hint, fc.boolean()])) as Record<
    (typeof HINT_NAMES)[number],
    fc.Arbitrary<boolean>
  >,
  { requiredKeys: [] },
);
const decision = fc.constantFrom<PolicyDecision>("allow", "deny", "ask");
const name = fc.constantFrom("a", "b", "ab");
const trustedRule: fc.Arbitrary<PolicyRule> = fc.record(
  {
    tools: fc.constantFrom("a", "b", "a*", "*"),
    principals: fc.constantFrom("p", "q", "*"),
    decision,
  },
  { requiredKeys: ["decision"] },
);
const hintRule: fc.Arbitrary<PolicyRule> = fc.record(
  {
    tools: fc.constantFrom("a", "b", "*"),
    annotations: hints,
    decision: fc.constantFrom<PolicyDecision>("deny", "ask"),
  },
  { requiredKeys: ["annotations", "decision"] },
);
const STRICTNESS = { allow: 0, ask: 1, deny: 2 } as const;

describe("annotation rules (property)", () => {
  it("never make a decision looser than the policy without them, whatever the hints", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(trustedRule, hintRule), { maxLength: 8 }),
        decision,
        name,
        fc.constantFrom("p", "q"),
        fc.option(hints, { nil: undefined }),
        (rules, fallback, tool, principal, annotations) => {
          const withHints = createPolicy({ rules, default: fallback });
          const without = createPolicy({
            rules: rules.filter((rule) => rule.annotations === undefined),
            default: fallback,
          });
          const got = withHints.decide(tool, principal, annotations).decision;
          const base = without.decide(tool, principal, annotations).decision;
          // A deny or an ask stays one; an allow may only become stricter.
          expect(STRICTNESS[got]).toBeGreaterThanOrEqual(STRICTNESS[base]);
        },
      ),
    );
  });
});
