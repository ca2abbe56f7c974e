/**
 * The committed generated code also compiles under TypeScript 7, the native compiler (`tsc` from
 * `npm i -D typescript` since 7.0), with the same strict options and both module resolutions as
 * generated-compile.test.ts. TypeScript 7 has no in-process API in its stable release, so this runs
 * its `tsc` as a user would, on a tsconfig.json listing the files.
 *
 * The project's own build stays on 5.9 (ts-morph and typescript-eslint use its API); the 7.0
 * compiler is the devDependency `typescript-7` (an npm alias).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectedDir,
  goldenCaseNames,
  REPOSITORY_ROOT,
  typeScriptFiles,
} from "../support/golden-cases.js";
import { assertRuntimeBuilt, STRICT_FLAGS } from "../support/typecheck.js";

const TSC_7 = join(REPOSITORY_ROOT, "node_modules", "typescript-7", "bin", "tsc");
const TRIP_PLANNER = join(REPOSITORY_ROOT, "examples", "trip-planner");
// Inside the repository, so `@mcp-codegen/runtime` resolves through the workspace package.
const WORK = join(REPOSITORY_ROOT, ".tmp", "compile-ts7");
const COMPILE_TIMEOUT = 120_000;

/** The options of test/support/typecheck.ts, with target and library in tsconfig.json spelling. */
const STRICT = { ...STRICT_FLAGS, target: "es2023", lib: ["es2023"] };

const CONFIGS = [
  { label: "module nodenext", module: "nodenext", moduleResolution: "nodenext" },
  {
    label: "module esnext, moduleResolution bundler",
    module: "esnext",
    moduleResolution: "bundler",
  },
] as const;

/** Runs TypeScript 7's tsc on a tsconfig.json over `files`; its exit code and everything it printed. */
function compileWithTs7(
  name: string,
  files: readonly string[],
  resolution: { module: string; moduleResolution: string },
): { status: number | null; output: string } {
  const dir = join(WORK, name);
  mkdirSync(dir, { recursive: true });
  const tsconfig = join(dir, "tsconfig.json");
  writeFileSync(
    tsconfig,
    JSON.stringify({ compilerOptions: { ...STRICT, ...resolution }, files }, null, 2),
  );
  const run = spawnSync(process.execPath, [TSC_7, "-p", tsconfig, "--pretty", "false"], {
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe("generated code compiles under TypeScript 7", () => {
  let files: string[] = [];

  beforeAll(() => {
    assertRuntimeBuilt();
    files = [...goldenCaseNames().map(expectedDir), TRIP_PLANNER].flatMap(typeScriptFiles);
  });
  afterAll(() => rmSync(WORK, { recursive: true, force: true }));

  it("is the 7.x compiler", () => {
    const run = spawnSync(process.execPath, [TSC_7, "--version"], { encoding: "utf8" });
    expect(run.stdout).toMatch(/^Version 7\./);
  });

  it(
    "reports a type error in a file that has one (the harness can fail)",
    () => {
      const broken = join(WORK, "broken.ts");
      mkdirSync(WORK, { recursive: true });
      writeFileSync(
        broken,
        'import type { CallToolResult } from "@mcp-codegen/runtime";\n' +
          'export const result: CallToolResult = { content: "not an array" };\n',
      );
      const { status, output } = compileWithTs7("broken", [broken], CONFIGS[0]);
      expect(status).not.toBe(0);
      expect(output).toMatch(/broken\.ts\(2,\d+\): error TS2322/);
    },
    COMPILE_TIMEOUT,
  );

  it.each(CONFIGS)(
    "$label: zero diagnostics",
    (config) => {
      const { module, moduleResolution } = config;
      const { status, output } = compileWithTs7(module, files, { module, moduleResolution });
      expect(output).toBe("");
      expect(status).toBe(0);
    },
    COMPILE_TIMEOUT,
  );
});
