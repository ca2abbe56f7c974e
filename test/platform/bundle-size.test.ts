/**
 * The demo's generated client in a browser app (examples/worker.ts) stays within 100 KB gzipped
 * for its initial load: bundled by esbuild (minified, code split), sized from the metafile's
 * output and gzipped with node:zlib, never timed. On failure the message names the groups of
 * inputs (packages, runtime rooms, generated files) that grew since bundle-baseline.json.
 * After a deliberate change, record the new weights:
 * `UPDATE_BUNDLE_BASELINE=1 npx vitest run test/platform/bundle-size.test.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  budgetFailure,
  grownGroups,
  inputGroup,
  weighBrowserBundle,
  type BundleBaseline,
  type BundleWeight,
} from "../support/bundle-weight.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const APP = "examples/worker.ts";
const BUDGET = 100 * 1024;
const BASELINE = join(REPOSITORY_ROOT, "test", "platform", "bundle-baseline.json");
const OUT = join(REPOSITORY_ROOT, ".tmp", "bundle-size");

function readBaseline(): BundleBaseline {
  return JSON.parse(readFileSync(BASELINE, "utf8")) as BundleBaseline;
}

describe("the demo client in the browser", () => {
  afterAll(() => rm(OUT, { recursive: true, force: true }));

  it("loads at most 100 KB gzipped, holding no zod and no RE2 engine", async () => {
    assertRuntimeBuilt();
    const weight = await weighBrowserBundle(join(REPOSITORY_ROOT, APP), OUT);
    if (process.env.UPDATE_BUNDLE_BASELINE === "1") {
      const groups = Object.fromEntries(Object.entries(weight.groups).sort());
      const baseline: BundleBaseline = { gzipBytes: weight.gzipBytes, groups };
      writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    }
    expect(budgetFailure(APP, weight, readBaseline(), BUDGET)).toBeUndefined();
    // Two weights the budget was set against: zod (generated validators are built by the
    // runtime's validator kit; zod is only behind @mcp-codegen/runtime/zod) and the pattern
    // engine, which none of the demo's tools needs.
    expect(weight.inputs.filter((path) => path.includes("node_modules/zod/"))).toEqual([]);
    expect(weight.inputs.filter((path) => path.includes("node_modules/re2js/"))).toEqual([]);
  });
});

describe("the budget's failure message", () => {
  const weight = (gzipBytes: number, groups: Record<string, number>): BundleWeight => ({
    bytes: 0,
    gzipBytes,
    groups,
    inputs: [],
    lazyInputs: [],
  });
  const baseline: BundleBaseline = {
    gzipBytes: 90 * 1024,
    groups: { zod: 100 * 1024, "runtime/client": 14 * 1024, "runtime/auth": 20 * 1024 },
  };

  it("is absent within the budget, whatever grew", () => {
    const within = weight(BUDGET, { zod: 200 * 1024 });
    expect(budgetFailure(APP, within, baseline, BUDGET)).toBeUndefined();
  });

  it("names the size, the groups that grew most (new ones too) and the biggest", () => {
    const over = weight(BUDGET + 5 * 1024, {
      zod: 100 * 1024,
      "zod (locales)": 250 * 1024,
      "runtime/client": 16 * 1024,
      "runtime/auth": 10 * 1024,
    });
    expect(grownGroups(over, baseline)).toEqual([
      ["zod (locales)", 250 * 1024],
      ["runtime/client", 2 * 1024],
    ]);
    expect(budgetFailure(APP, over, baseline, BUDGET)).toBe(
      "examples/worker.ts loads 105.0 KB gzipped in the browser, over its 100.0 KB budget " +
        "(90.0 KB at the baseline). Grown since the baseline (minified): zod (locales) " +
        "+250.0 KB, runtime/client +2.0 KB. Biggest now: zod (locales) 250.0 KB, zod 100.0 KB, " +
        "runtime/client 16.0 KB, runtime/auth 10.0 KB.",
    );
  });
});

describe("the groups inputs are counted in", () => {
  it.each([
    ["node_modules/zod/v4/classic/schemas.js", "zod"],
    ["node_modules/zod/v4/locales/fr.js", "zod (locales)"],
    ["node_modules/oauth4webapi/build/index.js", "oauth4webapi"],
    ["node_modules/@scope/pkg/index.js", "@scope/pkg"],
    ["runtime/node_modules/undici/index.js", "undici"],
    ["runtime/dist/client/connect.js", "runtime/client"],
    ["runtime/dist/index.js", "runtime"],
    ["examples/trip-planner/tools/book.ts", "examples/trip-planner/tools/book.ts"],
  ])("%s counts as %s", (path, group) => {
    expect(inputGroup(path)).toBe(group);
  });
});
