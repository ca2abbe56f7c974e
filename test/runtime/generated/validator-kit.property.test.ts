/**
 * The validator kit against zod 4.6.7 as the oracle: random facade schema trees (every function
 * and method generated validators may use, nested, with random parameters) are built once with
 * the kit and once with zod by the same builder, and both must accept exactly the same values
 * (random ones, and ones shaped by the tree so both outcomes are exercised); where both refuse,
 * the places they name (issue paths) agree. Where zod throws (an intersection whose outputs
 * cannot merge), the kit refuses instead: both count as a refusal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GeneratedSchema, GeneratedZod } from "../../../runtime/generated/index.js";
import { validatorKit } from "../../../runtime/generated/validator-kit.js";
import { validatorZod } from "../../../runtime/zod/validator-zod.js";
import { build, nodeArbitrary, type Node } from "./kit-trees.js";
import { valueFor } from "./kit-values.js";

const kit = validatorKit as unknown as GeneratedZod;
const zod = validatorZod as unknown as GeneratedZod;

type Outcome = { success: boolean; paths: string[] };

function outcome(schema: GeneratedSchema, value: unknown): Outcome {
  let parsed: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
  try {
    parsed = schema.safeParse(value) as typeof parsed;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Unmergable intersection"))
      return { success: false, paths: ["(throws)"] };
    throw error;
  }
  const paths = parsed.success
    ? []
    : [
        ...new Set(
          (parsed.error?.issues ?? []).map((issue) => JSON.stringify(issue.path.map(String))),
        ),
      ].sort();
  return { success: parsed.success, paths };
}

/** A tree with values for it; the schemas are built once per tree. */
const cases = nodeArbitrary.chain((node) =>
  fc.tuple(fc.constant(node), fc.array(valueFor(node), { minLength: 1, maxLength: 8 })),
);

describe("the validator kit agrees with zod", () => {
  it("on which values pass, for random schema trees", () => {
    fc.assert(
      fc.property(cases, ([node, values]: [Node, unknown[]]) => {
        const ours = build(kit, node);
        const theirs = build(zod, node);
        for (const value of values) {
          const want = outcome(theirs, value);
          const got = outcome(ours, value);
          expect({ value, success: got.success }).toEqual({ value, success: want.success });
          if (!want.success && !want.paths.includes('"(throws)"') && want.paths[0] !== "(throws)")
            expect({ value, paths: got.paths }).toEqual({ value, paths: want.paths });
        }
      }),
      { numRuns: Number(process.env.KIT_RUNS ?? 600) },
    );
  });
});
