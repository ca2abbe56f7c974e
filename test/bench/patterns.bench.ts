/**
 * `npm run bench:patterns`: what checking server patterns in linear time costs, the measurement
 * behind runtime/generated/linear-pattern.ts. For each pattern, the native `RegExp` (with `u`, what the
 * validators used before) against the runtime's `linearPattern` (re2js, on the RE2 source the
 * generator writes):
 * - typical patterns from real tool schemas, on strings that match: nanoseconds per test;
 * - the issue's `^(a+)+$` on `a`×n + `!`: the native time doubles with each `a` (measured up to
 *   n = 24, a fraction of a second; 29 takes seconds to tens of seconds), re2js is linear,
 *   measured up to a million characters;
 * - the quadratic `a*b` on `a`×n, which refusing nested quantifiers would not have caught;
 * - the bundle cost of re2js.
 * Pass `--json` for raw figures.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { linearPattern, loadLinearEngine } from "../../runtime/generated/linear-pattern.js";
import { compilePattern } from "../../templates/schema/lower/pattern.js";

// No runtime entry loaded the pattern engine here (browser builds load it on first use).
await loadLinearEngine();

const json = process.argv.includes("--json");

function re2Source(pattern: string): string {
  const compiled = compilePattern(pattern);
  if (compiled.pattern === undefined) throw new Error(`${pattern}: ${compiled.problem}`);
  return compiled.pattern.source;
}

/** Nanoseconds per call of `test`, the median of five rounds of `count` calls. */
function perCall(test: () => void, count: number): number {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) test();
    rounds.push(Number(process.hrtime.bigint() - start) / count);
  }
  return rounds.sort((a, b) => a - b)[2] as number;
}

/** Milliseconds for one call. */
function once(test: () => void): number {
  const start = process.hrtime.bigint();
  test();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const typical: ReadonlyArray<[string, string]> = [
  ["^[a-z0-9-]+$", "my-service-42"],
  ["^[A-Z_]+$", "LOG_LEVEL"],
  ["^\\d{4}-\\d{2}-\\d{2}$", "2026-12-01"],
  ["^[\\w.+-]+@[\\w-]+\\.[\\w.]+$", "someone.else+tag@example.co.uk"],
  ["^https?://[^\\s/$.?#].[^\\s]*$", "https://example.com/a/b?c=d"],
  ["^\\p{Lu}\\p{Ll}+$", "Zürich"],
];
const typicalRows = typical.map(([pattern, text]) => {
  const native = new RegExp(pattern, "u");
  const linear = linearPattern(re2Source(pattern));
  if (native.test(text) !== linear(text)) throw new Error(`${pattern} disagrees on ${text}`);
  const nativeNs = perCall(() => native.test(text), 200_000);
  const linearNs = perCall(() => linear(text), 20_000);
  return { pattern, nativeNs, linearNs, ratio: linearNs / nativeNs };
});

const evil = "^(a+)+$";
const nativeEvil = new RegExp(evil, "u");
const linearEvil = linearPattern(re2Source(evil));
const evilRows = [16, 20, 22, 24].map((n) => {
  const text = `${"a".repeat(n)}!`;
  return { n, nativeMs: once(() => nativeEvil.test(text)), linearMs: once(() => linearEvil(text)) };
});
const linearLong = [29, 10_000, 1_000_000].map((n) => {
  const text = `${"a".repeat(n)}!`;
  return { n, linearMs: once(() => linearEvil(text)) };
});

const quadratic = "a*b";
const nativeQuadratic = new RegExp(quadratic, "u");
const linearQuadratic = linearPattern(re2Source(quadratic));
const quadraticRows = [5_000, 10_000, 20_000].map((n) => {
  const text = "a".repeat(n);
  return {
    n,
    nativeMs: once(() => nativeQuadratic.test(text)),
    linearMs: once(() => linearQuadratic(text)),
  };
});

const require = createRequire(import.meta.url);
const bundle = readFileSync(join(dirname(require.resolve("re2js")), "index.js"));
const bundleBytes = { raw: bundle.length, gzip: gzipSync(bundle).length };

if (json) {
  console.log(
    JSON.stringify({ typicalRows, evilRows, linearLong, quadraticRows, bundleBytes }, null, 2),
  );
} else {
  console.log("typical patterns, matching input (ns per test, median of 5 rounds)");
  for (const row of typicalRows)
    console.log(
      `  ${row.pattern.padEnd(34)} RegExp ${row.nativeNs.toFixed(0).padStart(6)}   re2js ${row.linearNs.toFixed(0).padStart(6)}   ×${row.ratio.toFixed(1)}`,
    );
  console.log(`\n${evil} on "a"×n + "!" (ms, one test)`);
  for (const row of evilRows)
    console.log(
      `  n=${String(row.n).padEnd(9)} RegExp ${row.nativeMs.toFixed(2).padStart(10)}   re2js ${row.linearMs.toFixed(3).padStart(8)}`,
    );
  for (const row of linearLong)
    console.log(
      `  n=${String(row.n).padEnd(9)} RegExp ${"—".padStart(10)}   re2js ${row.linearMs.toFixed(3).padStart(8)}`,
    );
  console.log(`\n${quadratic} on "a"×n (ms, one test)`);
  for (const row of quadraticRows)
    console.log(
      `  n=${String(row.n).padEnd(9)} RegExp ${row.nativeMs.toFixed(2).padStart(10)}   re2js ${row.linearMs.toFixed(3).padStart(8)}`,
    );
  console.log(
    `\nre2js bundle: ${(bundleBytes.raw / 1024).toFixed(0)} KiB, ${(bundleBytes.gzip / 1024).toFixed(0)} KiB gzipped (loaded only by modules whose validators check a pattern)`,
  );
}
