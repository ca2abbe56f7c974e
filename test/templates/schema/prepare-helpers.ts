/** Helpers of the prepareSchema tests (prepare.test.ts, prepare-references.test.ts). */
import { prepareSchema, type PreparedSchema } from "../../../templates/schema/prepare.js";

/**
 * The first warning of a schema that cannot be read in full, which `prepareSchema` sets aside
 * (reads as `{}`) instead of throwing; a failure if there is none.
 */
export function failure(
  schema: unknown,
  options: Parameters<typeof prepareSchema>[1] = {},
): { pointer: string; message: string } {
  const warning = prepareSchema(schema, options).diagnostics.find((d) => d.level === "warning");
  if (warning === undefined) throw new Error("expected a warning");
  return { pointer: warning.pointer, message: warning.message };
}

/** Suffix, pointer and recursion of each definition. */
export function definitions(prepared: PreparedSchema): string[] {
  return prepared.definitions.map(
    (d) => `${d.suffix || "(root)"} ${d.pointer || "#"}${d.recursive ? " recursive" : ""}`,
  );
}
