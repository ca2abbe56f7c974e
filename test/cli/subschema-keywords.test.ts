import { describe, expect, it } from "vitest";
import { structuralKey } from "../../cli/drift/json.js";
import { SUBSCHEMA_KEYWORDS } from "../../runtime/internal.js";
import { findMcpParamHeaders } from "../../runtime/calls/mcp-param-headers.js";
import { Budget } from "../../templates/schema/read/bounds.js";
import { scanDocument } from "../../templates/schema/read/scan.js";

/** `child` placed under `keyword` the way that keyword holds subschemas, and its pointer. */
function under(keyword: string, child: object): [schema: object, pointer: string] {
  const { single, maps, lists, singleOrList, mixedMaps } = SUBSCHEMA_KEYWORDS;
  const is = (table: readonly string[]) => table.includes(keyword);
  if (is(single) || is(singleOrList)) return [{ [keyword]: child }, `/${keyword}`];
  if (is(lists)) return [{ [keyword]: [child] }, `/${keyword}/0`];
  if (is(maps) || is(mixedMaps)) return [{ [keyword]: { k: child } }, `/${keyword}/k`];
  throw new Error(`${keyword} is in no table`);
}

const ALL = Object.values(SUBSCHEMA_KEYWORDS).flat();

// The runtime, the scanner and drift read subschemas through one table: a keyword one of them
// knows, all of them know.
describe.each(ALL)("subschema keyword %s", (keyword) => {
  it("is scanned by the generator", () => {
    const [schema, pointer] = under(keyword, { type: "string" });
    const index = scanDocument(schema, "2020-12", new Budget());
    expect(index.schemas.has(pointer)).toBe(true);
  });

  it("has its annotations ignored by drift's structure", () => {
    const [before] = under(keyword, { type: "string", description: "a" });
    const [after] = under(keyword, { type: "string", description: "b" });
    expect(structuralKey(before)).toBe(structuralKey(after));
  });
});

// `properties` is where the runtime looks for headers, so it is the one keyword not refused.
const REFUSED = ALL.filter((keyword) => keyword !== "properties");

describe.each(REFUSED)("x-mcp-header under %s", (keyword) => {
  it("is walked and refused by the runtime", () => {
    const [schema, pointer] = under(keyword, { type: "string", "x-mcp-header": "Region" });
    expect(findMcpParamHeaders(schema)).toEqual({
      ok: false,
      reason: `x-mcp-header at ${JSON.stringify(pointer)} is not on a property reachable from the root through "properties" alone`,
    });
  });
});
