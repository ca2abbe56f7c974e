/**
 * Both packages ship `dist/` with its source maps, but not the TypeScript sources beside it: a map
 * that only points at `../../runtime/*.ts` names files an installed package does not have, so a
 * debugger or a bundler's map chain finds nothing. Every map must carry its sources inline.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

interface SourceMap {
  sources: string[];
  sourcesContent?: (string | null)[];
}

describe.each(["dist", "runtime/dist"])("source maps in %s", (folder) => {
  it("carry the text of every source they name", () => {
    assertRuntimeBuilt();
    const dist = join(REPOSITORY_ROOT, folder);
    const maps = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((path) =>
      path.endsWith(".js.map"),
    );
    expect(maps.length).toBeGreaterThan(0);
    const missing = maps.filter((path) => {
      const map = JSON.parse(readFileSync(join(dist, path), "utf8")) as SourceMap;
      const contents = map.sourcesContent ?? [];
      return map.sources.some((_, i) => typeof contents[i] !== "string");
    });
    expect(missing).toEqual([]);
  });
});
