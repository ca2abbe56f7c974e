/**
 * Test helper: turns emitted zod source into a live validator, by stripping its types with the
 * TypeScript compiler and evaluating the JavaScript against the zod functions the runtime hands
 * generated validators (runtime/generated/validator-zod.ts), so a function the emitters write and
 * the runtime lacks fails here. Only ever used on output the tests generated themselves.
 */
import ts from "typescript";
import type { z } from "zod";
import { validatorZod } from "../../../runtime/zod/validator-zod.js";
import { linearPattern, outsidePatterns } from "../../../runtime/generated/linear-pattern.js";
import { loadLinearEngine } from "../../../runtime/generated/linear-pattern.js";
import type { ZodOutput } from "../../../templates/schema/emit/zod.js";

// No runtime entry loaded the pattern engine (browser builds load it on first use): load it here.
await loadLinearEngine();

/** The validator `output` describes, with the runtime functions it may call in scope. */
export function evaluateZod(output: ZodOutput): z.ZodType {
  const source = `function build(z) {\n${output.declarations}\nreturn ${output.expression};\n}`;
  const javascript = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2023 },
  }).outputText;
  const build = new Function("linearPattern", "outsidePatterns", `${javascript}\nreturn build;`)(
    linearPattern,
    outsidePatterns,
  ) as (zod: typeof z) => z.ZodType;
  return build(validatorZod as unknown as typeof z);
}
