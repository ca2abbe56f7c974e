/**
 * `npm run bench:code-mode`: what code mode costs and saves.
 *
 * - Prompt size: the tool list a model reads, as Anthropic tool definitions (`name`,
 *   `description`, `input_schema`) serialised to JSON, in characters and in o200k_base tokens
 *   (js-tiktoken): every tool (`allTools`) against code mode's two tools, on the demo server and
 *   on the synthetic 1,000-tool catalog.
 * - Overhead of a tool call from the sandbox against the same call made directly, over the same
 *   stdio connection to the demo server (medians of rounds of calls made one after another).
 * - Sandbox start: loading the engine in this process (`createCodeMode`'s first call), and one
 *   `execute("return 1")`, a fresh QuickJS runtime each.
 *
 * Run with `node --import tsx test/bench/code-mode.bench.ts`. Prints a Markdown table.
 */
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { connect, toolNamesForModel, type McpClient } from "@mcp-codegen/runtime";
import { createCodeMode, type CodeMode } from "@mcp-codegen/runtime/code-mode";
import { allTools } from "../../examples/trip-planner/all-tools.js";
import { createTripPlannerClient } from "../../examples/trip-planner/index.js";
import { median } from "./stats.js";

const tokenizer = new Tiktoken(o200k);

/** A tool list as Anthropic's `tools` array, in JSON: what the model's prompt carries. */
function promptOf(tools: readonly { name: string; description: string; inputSchema: unknown }[]) {
  const json = JSON.stringify(
    [...toolNamesForModel(tools)].map(([name, tool]) => ({
      name,
      description: tool.description,
      input_schema: tool.inputSchema,
    })),
  );
  return { chars: json.length, tokens: tokenizer.encode(json).length };
}

const fmt = (value: number) => value.toLocaleString("en-US");
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const node = (script: string, ...args: string[]) => ({
  command: process.execPath,
  args: ["--import", "tsx", new URL(script, import.meta.url).pathname, ...args],
});

const startMs = await timed(() => import("quickjs-emscripten-core"));
const trip = await createTripPlannerClient(node("../../examples/demo-server/stdio.ts"));
let codeMode: CodeMode | undefined;
const engineMs = await timed(async () => {
  codeMode = await createCodeMode({ servers: { trip: { client: trip, tools: allTools } } });
});
const mode = codeMode as CodeMode;
const runs: number[] = [];
for (let i = 0; i < 20; i++) runs.push(await timed(() => mode.execute("return 1")));
const runMs = median(runs);

// Call overhead: rounds of CALLS sequential calls, directly and from one sandbox run each.
const CALLS = 50;
const ROUNDS = 7;
const direct: number[] = [];
const sandboxed: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  direct.push(
    (await timed(async () => {
      for (let i = 0; i < CALLS; i++) await trip.tools.getWeather({ city: "Oslo" });
    })) / CALLS,
  );
  sandboxed.push(
    (await timed(() =>
      mode.execute(
        `for (let i = 0; i < ${CALLS}; i++) await servers.trip.getWeather({ city: "Oslo" })`,
      ),
    )) / CALLS,
  );
}

const demoAll = promptOf(allTools);
const demoCode = promptOf(mode.tools);
const big: McpClient = await connect(node("./synthetic-server.ts", "1000"));
const bigTools = await big.listTools();
const bigAll = promptOf(
  bigTools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema,
  })),
);
const bigMode = await createCodeMode({ servers: { synthetic: big } });
const bigCode = promptOf(bigMode.tools);
await Promise.all([trip.close(), big.close()]);

console.log(`| measure | allTools | code mode |
| --- | --- | --- |
| prompt, demo (${allTools.length} tools): characters | ${fmt(demoAll.chars)} | ${fmt(demoCode.chars)} |
| prompt, demo: o200k tokens | ${fmt(demoAll.tokens)} | ${fmt(demoCode.tokens)} |
| prompt, ${fmt(bigTools.length)} tools: characters | ${fmt(bigAll.chars)} | ${fmt(bigCode.chars)} |
| prompt, ${fmt(bigTools.length)} tools: o200k tokens | ${fmt(bigAll.tokens)} | ${fmt(bigCode.tokens)} |
| one tool call over stdio (median of ${ROUNDS} rounds of ${CALLS}) | ${ms(median(direct))} | ${ms(median(sandboxed))} |

| sandbox start | time |
| --- | --- |
| import quickjs-emscripten-core | ${ms(startMs)} |
| createCodeMode (WebAssembly instance, sucrase, tools/list) | ${ms(engineMs)} |
| execute("return 1"): a fresh runtime, median of 20 | ${ms(runMs)} |`);
