/**
 * The scanner visits a schema's subschema keywords by looking at the keys the schema has, not by
 * trying every keyword: on generated documents (every kind of subschema keyword, several per
 * schema, in any key order, with values of the wrong shape) it indexes the same subschemas in the
 * same order, and sets aside the same ones, as a walk over the keyword lists in their fixed order
 * (the way the scanner used to look for them).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SUBSCHEMA_KEYWORDS } from "../../../../runtime/basics/index.js";
import {
  Budget,
  appendPointer,
  scanDocument,
  type SchemaIndex,
} from "../../../../templates/schema/index.js";

const { single, maps, lists } = SUBSCHEMA_KEYWORDS;

/** The reference walk: pointer → set aside or not, in visiting order, as the old scanner went. */
function referenceWalk(value: unknown, pointer: string, out: Map<string, boolean>): void {
  if (typeof value === "boolean") {
    out.set(pointer, false);
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    out.set(pointer, true);
    return;
  }
  const schema = value as Record<string, unknown>;
  out.set(pointer, false);
  const child = (keyword: string): string => appendPointer(pointer, keyword);
  // A wrongly shaped keyword value sets the whole schema aside, after what was already visited.
  const fail = (): void => void out.set(pointer, true);
  const map = (value: unknown, at: string, mixed: boolean): boolean => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    for (const [key, item] of Object.entries(value)) {
      if (mixed && Array.isArray(item)) continue;
      referenceWalk(item, appendPointer(at, key), out);
    }
    return true;
  };
  const list = (value: unknown, at: string): boolean => {
    if (!Array.isArray(value)) return false;
    value.forEach((item, i) => referenceWalk(item, appendPointer(at, i), out));
    return true;
  };
  for (const keyword of single)
    if (Object.hasOwn(schema, keyword)) referenceWalk(schema[keyword], child(keyword), out);
  for (const keyword of maps)
    if (Object.hasOwn(schema, keyword) && !map(schema[keyword], child(keyword), false))
      return fail();
  for (const keyword of lists)
    if (Object.hasOwn(schema, keyword) && !list(schema[keyword], child(keyword))) return fail();
  const items = schema["items"];
  if (Array.isArray(items)) list(items, child("items"));
  else if (items !== undefined) referenceWalk(items, child("items"), out);
  if (
    Object.hasOwn(schema, "dependencies") &&
    !map(schema["dependencies"], child("dependencies"), true)
  )
    return fail();
}

function scanned(index: SchemaIndex): Map<string, boolean> {
  return new Map(
    [...index.schemas].map(([pointer, entry]) => [pointer, entry.setAside !== undefined]),
  );
}

const keywords = [...single, ...maps, ...lists, "items", "dependencies"];
const schema = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.constantFrom(1, "x", null),
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...keywords, "type", "description"),
          fc.oneof(
            tie("schema"),
            fc.array(tie("schema"), { maxLength: 3 }),
            fc.dictionary(
              fc.constantFrom("a", "b", "c/d"),
              fc.oneof(tie("schema"), fc.constant(["a"])),
              {
                maxKeys: 3,
              },
            ),
          ),
        ),
        { maxLength: 5 },
      )
      .map((entries) => Object.fromEntries(entries)),
  ),
}));

describe("scanDocument's visiting order", () => {
  it("is the fixed keyword order, whatever order the keys come in", () => {
    fc.assert(
      fc.property(schema.schema, (document) => {
        if (typeof document !== "object" || document === null || Array.isArray(document)) return;
        const expected = new Map<string, boolean>();
        referenceWalk(document, "", expected);
        const index = scanDocument(document, "2020-12", new Budget({}));
        expect([...scanned(index)]).toEqual([...expected]);
      }),
      { numRuns: 1000 },
    );
  });
});
