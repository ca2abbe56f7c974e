/**
 * What validation costs on the call path, with the runtime's validator kit against real zod
 * (which the runtime used before): every tool of the demo client (examples/trip-planner), its
 * input and output validators built both ways from the same generated spec, timed on the same
 * sampled values (valid and not): nanoseconds per `safeParse`, median of interleaved rounds,
 * and the time to build the validators once.
 *
 *   npm run build && node --import tsx test/bench/validators.bench.ts [--rounds 7]
 */
import fc from "fast-check";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { readdirSync } from "node:fs";
import type * as Generated from "../../runtime/generated/index.js";
import type { Validator } from "../../runtime/generated/index.js";
import type * as Zod from "../../runtime/zod/index.js";
// The build (what ships; tsx would wrap the source's functions), as `npm run bench` loads it.
const { validatorKit } = (await import(
  new URL("../../runtime/dist/generated/index.js", import.meta.url).href
)) as typeof Generated;
const { zodValidators } = (await import(
  new URL("../../runtime/dist/zod/index.js", import.meta.url).href
)) as typeof Zod;
import { valuesFor } from "../templates/schema/value-arbitrary.js";

const { values: flags } = parseArgs({ options: { rounds: { type: "string", default: "7" } } });
const ROUNDS = Number(flags.rounds);

type Parser = { safeParse(value: unknown): { success: boolean } };
interface Case {
  readonly name: string;
  readonly kit: Parser;
  readonly zod: Parser;
  readonly values: readonly unknown[];
}

const TOOLS = new URL("../../examples/trip-planner/tools/", import.meta.url);
const bindings: unknown[] = [];
for (const file of readdirSync(TOOLS)
  .filter((name) => name.endsWith(".ts"))
  .sort())
  bindings.push(...Object.values((await import(new URL(file, TOOLS).href)) as object));

const cases: Case[] = [];
let buildKit = 0;
let buildZod = 0;
for (const binding of bindings) {
  if (typeof binding !== "object" || binding === null || !("spec" in binding)) continue;
  const { spec, definition } = binding as {
    spec: Parameters<typeof zodValidators>[0]["spec"];
    definition: { name: string; inputSchema: object; outputSchema?: object };
  };
  let start = performance.now();
  const kit = spec.validators(validatorKit as never) as unknown as {
    input: Validator;
    output?: Validator;
  };
  buildKit += performance.now() - start;
  start = performance.now();
  const zod = zodValidators({ spec });
  buildZod += performance.now() - start;
  // Values shaped by the schema, kept apart by outcome: a valid call's cost is the common one.
  const sample = (schema: object, parser: Parser) => {
    const values = fc.sample(valuesFor(schema as never), { numRuns: 4000, seed: 23 });
    const valid = values.filter((value) => parser.safeParse(value).success).slice(0, 100);
    const invalid = values.filter((value) => !parser.safeParse(value).success).slice(0, 100);
    return { valid, invalid };
  };
  const add = (name: string, ours: Parser, theirs: Parser, schema: object) => {
    const { valid, invalid } = sample(schema, theirs);
    if (valid.length > 0)
      cases.push({ name: `${name} (valid)`, kit: ours, zod: theirs, values: valid });
    cases.push({ name: `${name} (invalid)`, kit: ours, zod: theirs, values: invalid });
  };
  add(`${definition.name} input`, kit.input, zod.input, definition.inputSchema);
  if (kit.output !== undefined && zod.output !== undefined && definition.outputSchema !== undefined)
    add(`${definition.name} output`, kit.output, zod.output, definition.outputSchema);
}

/** Nanoseconds per safeParse over `values`, repeated for about 50 ms. */
function time(parser: Parser, values: readonly unknown[]): number {
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < 50) {
    for (const value of values) parser.safeParse(value);
    calls += values.length;
    now = performance.now();
  }
  return ((now - start) * 1e6) / calls;
}

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
for (const c of cases) {
  time(c.kit, c.values);
  time(c.zod, c.values);
}
const cpu = process.cpuUsage();
const rows = cases.map((c) => {
  const kit: number[] = [];
  const zod: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    kit.push(time(c.kit, c.values));
    zod.push(time(c.zod, c.values));
  }
  const passing = c.values.filter((value) => c.kit.safeParse(value).success).length;
  return {
    case: c.name,
    valid: `${passing}/${c.values.length}`,
    kitNs: median(kit),
    zodNs: median(zod),
  };
});
const used = process.cpuUsage(cpu);
console.log(
  "safeParse, ns per call (median of interleaved rounds); kit/zod < 1 means the kit is faster",
);
for (const row of rows)
  console.log(
    `${row.case.padEnd(38)} ${row.valid.padStart(7)} valid   kit ${row.kitNs.toFixed(0).padStart(6)}   zod ${row.zodNs.toFixed(0).padStart(6)}   kit/zod ${(row.kitNs / row.zodNs).toFixed(2)}`,
  );
const geo = Math.exp(
  rows.reduce((sum, row) => sum + Math.log(row.kitNs / row.zodNs), 0) / rows.length,
);
console.log(`geometric mean kit/zod: ${geo.toFixed(2)}`);
console.log(
  `building every validator once: kit ${buildKit.toFixed(2)} ms, zod ${buildZod.toFixed(2)} ms (zod's first schema also loads its messages)`,
);
console.log(
  `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
