/**
 * `npm run bench:codegen`: generation speed on a synthetic 1,000-tool snapshot, with the built CLI
 * in fresh processes, as a user runs it:
 * - cold: no generation cache, every module emitted and formatted;
 * - unchanged: the same snapshot again, everything served from the cache and nothing written
 *   (target: at most 0.3 s);
 * - typecheck: `tsc --noEmit` of the generated output under the strict settings it promises, with
 *   TypeScript 7 (the native compiler, what `npm i -D typescript` installs since 7.0) and with 5.9
 *   (the last JavaScript compiler, still in many projects), each as a ratio to that compiler's
 *   fixed cost, a project of one runtime import under the same options (target: at most 1.5×).
 *   Beside it, the per-file floor: one `.ts` module per tool that only imports the runtime, the
 *   least any output of one `.ts` module per tool can cost before a type or validator is in it.
 * The same figures are taken for the `js+dts` output form (`pull --emit js+dts`) beside the
 * default `ts` one. Cold generation against mcporter is `bench:peers`'s job (it needs a live server).
 * Pass `--tools N` for another size, `--json` for raw figures, `--keep` to leave the output in
 * .tmp/bench-codegen (for `tsc --generateTrace` and the like).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serializeSnapshot } from "../../templates/snapshot.js";
import { syntheticSnapshot } from "./synthetic-snapshot.js";

const ROOT = join(import.meta.dirname, "../..");
const args = process.argv.slice(2);
const toolCount = Number(args[args.indexOf("--tools") + 1] ?? "") || 1000;
// Inside the repository, so generated code resolves `@mcp-codegen/runtime` to this build.
const work = join(ROOT, ".tmp", "bench-codegen");
const out = join(work, "out");

const cli = join(ROOT, "dist/cli/main.js");

function timed(command: string, commandArgs: string[]): number {
  const start = performance.now();
  const run = spawnSync(command, commandArgs, { cwd: work, encoding: "utf8" });
  const elapsed = performance.now() - start;
  if (run.status !== 0) {
    throw new Error(
      `${command} ${commandArgs.join(" ")} failed (${run.status}):\n${run.stdout}${run.stderr}`,
    );
  }
  return elapsed;
}

const compilerOptions = {
  target: "ES2023",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

/** The output forms measured: the default `.ts` modules, and `.js` with `.d.ts` beside each. */
const forms = ["ts", "js+dts"] as const;
type OutputForm = (typeof forms)[number];

function prepare(form: OutputForm): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // The form is a pull-time choice the snapshot records (`codegen.emit`); generate follows it.
  const snapshot = syntheticSnapshot(toolCount);
  const recorded = form === "ts" ? snapshot : { ...snapshot, codegen: { emit: form } };
  writeFileSync(join(out, "mcp.snapshot.json"), serializeSnapshot(recorded));
  writeFileSync(
    join(work, "tsconfig.json"),
    // Declarations too: in the js+dts form they are the types a consumer's compiler reads.
    JSON.stringify({ compilerOptions, include: ["out/**/*.ts", "out/**/*.d.ts"] }),
  );
  // The compiler's fixed cost under the same options: the standard library and the runtime's
  // declarations, reached from one import; what the output adds is the difference.
  mkdirSync(join(work, "floor"));
  writeFileSync(
    join(work, "floor", "one-import.ts"),
    'import type { CallToolResult } from "@mcp-codegen/runtime";\nexport type Result = CallToolResult;\n',
  );
  writeFileSync(
    join(work, "tsconfig.floor.json"),
    JSON.stringify({ compilerOptions, include: ["floor/*.ts"] }),
  );
  mkdirSync(join(work, "per-file"));
  for (let i = 0; i < toolCount; i++) {
    writeFileSync(
      join(work, "per-file", `m${i}.ts`),
      `import type { CallToolResult } from "@mcp-codegen/runtime";\nexport type Result${i} = CallToolResult;\n`,
    );
  }
  writeFileSync(
    join(work, "tsconfig.per-file.json"),
    JSON.stringify({ compilerOptions, include: ["per-file/*.ts"] }),
  );
}

const tsc7 = join(ROOT, "node_modules/typescript-7/bin/tsc");
const tsc5 = join(ROOT, "node_modules/typescript/bin/tsc");
const rounds = 3;
const UNCHANGED_TARGET_MS = 300;
const TYPECHECK_TARGET_RATIO = 1.5;
interface FormResults {
  cold: number[];
  unchanged: number[];
  typecheck7: number[];
  typecheck5: number[];
}
const results: Record<string, FormResults> = Object.fromEntries(
  forms.map((form) => [form, { cold: [], unchanged: [], typecheck7: [], typecheck5: [] }]),
);
const floor = {
  floor7: [] as number[],
  floor5: [] as number[],
  perFile7: [] as number[],
  perFile5: [] as number[],
};
const tsconfig = join(work, "tsconfig.json");
const floorConfig = join(work, "tsconfig.floor.json");
const perFileConfig = join(work, "tsconfig.per-file.json");
// Forms and compilers interleaved within each round, so load from elsewhere hits all alike.
for (let round = 0; round < rounds; round++) {
  for (const form of forms) {
    const figures = results[form]!;
    prepare(form);
    const generate = [cli, "generate", "--out", out, "--quiet"];
    figures.cold.push(timed(process.execPath, generate));
    figures.unchanged.push(timed(process.execPath, generate));
    figures.typecheck7.push(timed(process.execPath, [tsc7, "-p", tsconfig]));
    figures.typecheck5.push(timed(process.execPath, [tsc5, "-p", tsconfig]));
  }
  floor.floor7.push(timed(process.execPath, [tsc7, "-p", floorConfig]));
  floor.floor5.push(timed(process.execPath, [tsc5, "-p", floorConfig]));
  floor.perFile7.push(timed(process.execPath, [tsc7, "-p", perFileConfig]));
  floor.perFile5.push(timed(process.execPath, [tsc5, "-p", perFileConfig]));
}
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2).padStart(5)} s`;
const verdict = (ok: boolean): string => (ok ? "ok" : "over target");

if (args.includes("--json")) {
  console.log(JSON.stringify({ tools: toolCount, forms: results, ...floor }));
} else {
  console.log(
    `mcp-codegen generate, ${toolCount} tools (median of ${rounds} fresh processes each)\n`,
  );
  const floor7 = median(floor.floor7);
  const floor5 = median(floor.floor5);
  console.log(`tsc 7, one runtime import (fixed cost)    ${seconds(floor7)}`);
  console.log(`tsc 5.9, one runtime import (fixed cost)  ${seconds(floor5)}`);
  // What one `.ts` file per tool costs by itself: the default form cannot go below it.
  for (const [what, ms, fixed] of [
    ["tsc 7", median(floor.perFile7), floor7],
    ["tsc 5.9", median(floor.perFile5), floor5],
  ] as const) {
    console.log(
      `${`${what}, ${toolCount} one-import .ts modules`.padEnd(41)} ${seconds(ms)}   ${(ms / fixed).toFixed(2)}× fixed cost (per-file floor)`,
    );
  }
  console.log("");
  for (const form of forms) {
    const figures = results[form]!;
    const label = (what: string): string => `${form}: ${what}`.padEnd(41);
    const unchanged = median(figures.unchanged);
    console.log(`${label("cold generate")} ${seconds(median(figures.cold))}`);
    console.log(
      `${label("unchanged generate")} ${seconds(unchanged)}   target ≤ ${(UNCHANGED_TARGET_MS / 1000).toFixed(1)} s   ${verdict(unchanged <= UNCHANGED_TARGET_MS)}`,
    );
    for (const [what, ms, fixed] of [
      ["tsc 7 --noEmit of the output", median(figures.typecheck7), floor7],
      ["tsc 5.9 --noEmit of the output", median(figures.typecheck5), floor5],
    ] as const) {
      const ratio = ms / fixed;
      // Three decimals where two would print the target itself beside "over target".
      const shown = ratio.toFixed(Number(ratio.toFixed(2)) === TYPECHECK_TARGET_RATIO ? 3 : 2);
      console.log(
        `${label(what)} ${seconds(ms)}   ${shown}× fixed cost   target ≤ ${TYPECHECK_TARGET_RATIO}×   ${verdict(ratio <= TYPECHECK_TARGET_RATIO)}`,
      );
    }
  }
  const runs = (values: number[]): string => values.map(Math.round).join(", ");
  console.log(
    `\nall runs (ms): floor tsc 7 ${runs(floor.floor7)}; floor tsc 5.9 ${runs(floor.floor5)}; ` +
      `per-file tsc 7 ${runs(floor.perFile7)}; per-file tsc 5.9 ${runs(floor.perFile5)}`,
  );
  for (const form of forms) {
    const f = results[form]!;
    console.log(
      `  ${form}: cold ${runs(f.cold)}; unchanged ${runs(f.unchanged)}; tsc 7 ${runs(f.typecheck7)}; tsc 5.9 ${runs(f.typecheck5)}`,
    );
  }
}
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
