/**
 * `npm run bench:codegen`: generation speed on a synthetic 1,000-tool snapshot, with the built CLI
 * in fresh processes, as a user runs it:
 * - cold: no generation cache, every module emitted and formatted;
 * - unchanged: the same snapshot again, everything served from the cache and nothing written;
 * - typecheck: `tsc --noEmit` of the generated output under the strict settings it promises, with
 *   TypeScript 7 (the native compiler, what `npm i -D typescript` installs since 7.0) and with 5.9
 *   (the last JavaScript compiler, still in many projects), side by side.
 * Targets: under 3 s, 0.5 s and 3 s. Pass `--tools N` for another size, `--json` for raw figures,
 * `--keep` to leave the output in .tmp/bench-codegen (for `tsc --generateTrace` and the like).
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

function prepare(): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "mcp.snapshot.json"), serializeSnapshot(syntheticSnapshot(toolCount)));
  writeFileSync(
    join(work, "tsconfig.json"),
    JSON.stringify({ compilerOptions, include: ["out/**/*.ts"] }),
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
}

const cli = join(ROOT, "dist/cli/main.js");
const tsc7 = join(ROOT, "node_modules/typescript-7/bin/tsc");
const tsc5 = join(ROOT, "node_modules/typescript/bin/tsc");
const rounds = 3;
const results = {
  cold: [] as number[],
  unchanged: [] as number[],
  typecheck7: [] as number[],
  typecheck5: [] as number[],
  floor7: [] as number[],
  floor5: [] as number[],
};
for (let round = 0; round < rounds; round++) {
  prepare();
  results.cold.push(timed(process.execPath, [cli, "generate", "--out", out, "--quiet"]));
  results.unchanged.push(timed(process.execPath, [cli, "generate", "--out", out, "--quiet"]));
  const tsconfig = join(work, "tsconfig.json");
  results.typecheck7.push(timed(process.execPath, [tsc7, "-p", tsconfig]));
  results.typecheck5.push(timed(process.execPath, [tsc5, "-p", tsconfig]));
  const floor = join(work, "tsconfig.floor.json");
  results.floor7.push(timed(process.execPath, [tsc7, "-p", floor]));
  results.floor5.push(timed(process.execPath, [tsc5, "-p", floor]));
}
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows = [
  ["cold generate", median(results.cold), 3000],
  ["unchanged generate", median(results.unchanged), 500],
  ["tsc 7 --noEmit of the output", median(results.typecheck7), 3000],
  ["tsc 5.9 --noEmit of the output", median(results.typecheck5), 3000],
  ["tsc 7, one runtime import", median(results.floor7), undefined],
  ["tsc 5.9, one runtime import", median(results.floor5), undefined],
] as const;

if (args.includes("--json")) {
  console.log(JSON.stringify({ tools: toolCount, ...results }));
} else {
  console.log(
    `mcp-codegen generate, ${toolCount} tools (median of ${rounds} fresh processes each)\n`,
  );
  for (const [label, ms, target] of rows) {
    const verdict =
      target === undefined
        ? "the compiler's fixed cost"
        : `target ${(target / 1000).toFixed(1)} s   ${ms <= target ? "ok" : "over target"}`;
    console.log(`${label.padEnd(31)} ${(ms / 1000).toFixed(2).padStart(6)} s   ${verdict}`);
  }
  console.log(
    `\nall runs (ms): cold ${results.cold.map(Math.round).join(", ")}; unchanged ${results.unchanged.map(Math.round).join(", ")}; ` +
      `tsc 7 ${results.typecheck7.map(Math.round).join(", ")}; ` +
      `tsc 5.9 ${results.typecheck5.map(Math.round).join(", ")}`,
  );
}
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
