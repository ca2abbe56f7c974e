/**
 * The count keywords (`minLength`, `minItems` …), read the same way for strings and arrays: a
 * value that is not a count is ignored with a diagnostic rather than failing the schema.
 */
import { own, type RawObject } from "../read/json-value.js";
import { appendPointer } from "../schema-error.js";
import { diagnose, type LowerContext } from "./context.js";

/** A non-negative integer keyword (`minLength`, `minItems` …); anything else is ignored, with a diagnostic. */
export function readCount(
  ctx: LowerContext,
  raw: RawObject,
  keyword: string,
  pointer: string,
): number | undefined {
  const value = own(raw, keyword);
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  diagnose(
    ctx,
    appendPointer(pointer, keyword),
    `${keyword} must be a non-negative integer; ignored`,
  );
  return undefined;
}
