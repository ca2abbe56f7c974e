/**
 * Real zod schemas for generated tools, for applications that want zod's own types and methods
 * (`.describe`, `.extend`, `z.toJSONSchema`, …): the same `spec.validators` the runtime builds
 * with its validator kit, built with zod's functions instead.
 */
import type { ZodType } from "zod";
import type { GeneratedZod, ModelTool, ToolSpec } from "../generated/index.js";
import { validatorZod } from "./validator-zod.js";

/** zod validators of a tool: `input`, and `output` when the tool declares an output schema. */
export interface ZodToolValidators {
  readonly input: ZodType;
  readonly output?: ZodType;
}

/**
 * Builds a generated tool's validators with real zod, anew on each call (keep the result).
 * `binding` is a generated tool binding (`getWeatherTool`), or anything carrying its `spec`.
 * Patterns checked by `linearPattern` need the pattern engine as with the kit (Node loads it
 * with the runtime; a browser build awaits `loadLinearEngine()`).
 */
export function zodValidators(binding: { readonly spec: ToolSpec }): ZodToolValidators {
  const built = binding.spec.validators(validatorZod as unknown as GeneratedZod);
  return built as unknown as ZodToolValidators;
}

/**
 * The zod schema of a model tool's input (an `allTools` entry), what `inputZodSchema()`
 * returned before the runtime dropped zod. Throws a `TypeError` for an entry without a
 * generated spec (a hand-made one).
 */
export function zodInputSchema(tool: Pick<ModelTool, "spec" | "name">): ZodType {
  if (tool.spec === undefined)
    throw new TypeError(
      `tool ${JSON.stringify(tool.name)} has no generated spec to build a zod schema from`,
    );
  return zodValidators({ spec: tool.spec }).input;
}
