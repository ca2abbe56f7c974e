/**
 * The committed generated code compiles: every golden case's `expected/` tree and the demo client
 * in examples/trip-planner, type-checked together under the strict options DESIGN.md §2 promises
 * (plus the unused-code checks many projects turn on), once with Node's `nodenext` resolution and
 * once with `esnext` + `bundler`. One program per configuration keeps it to a few seconds.
 *
 * `@mcp-codegen/runtime` resolves through the workspace package to runtime/dist, as it
 * would for a user; run `npm run build` first (`npm test` does).
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  expectedDir,
  goldenCaseNames,
  REPOSITORY_ROOT,
  typeScriptFiles,
} from "../support/golden-cases.js";
import {
  assertRuntimeBuilt,
  GENERATED_CODE_CONFIGS,
  resolvedPath,
  typecheck,
} from "../support/typecheck.js";

const TRIP_PLANNER = join(REPOSITORY_ROOT, "examples", "trip-planner");

/** Compiling ~200 modules twice takes seconds on a shared two-core machine; never minutes. */
const COMPILE_TIMEOUT = 180_000;

describe("generated code compiles", () => {
  const dirs = [...goldenCaseNames().map(expectedDir), TRIP_PLANNER];
  let files: string[] = [];

  beforeAll(() => {
    assertRuntimeBuilt();
    files = dirs.flatMap(typeScriptFiles);
  });

  it("covers every case's index.ts (index.d.ts in the js+dts form)", () => {
    for (const dir of dirs) {
      const index = [join(dir, "index.ts"), join(dir, "index.d.ts")];
      expect(
        files.filter((file) => index.includes(file)),
        dir,
      ).toHaveLength(1);
    }
  });

  describe.each(GENERATED_CODE_CONFIGS)("$label", ({ options }) => {
    it("resolves @mcp-codegen/runtime to the build, not the sources", () => {
      expect(resolvedPath("@mcp-codegen/runtime", join(TRIP_PLANNER, "index.ts"), options)).toBe(
        "runtime/dist/index.d.ts",
      );
    });

    it(
      "has zero diagnostics",
      () => {
        const diagnostics = typecheck(files, options);
        if (diagnostics.length > 0) {
          expect.fail(`${diagnostics.length} diagnostics:\n${diagnostics.join("\n")}`);
        }
      },
      COMPILE_TIMEOUT,
    );
  });
});
