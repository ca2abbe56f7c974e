/**
 * examples/code-mode.ts, run as a user runs it (`node --import tsx`): the stand-in model finds
 * the weather tool with search_tools, then its code reads three forecasts in parallel in the
 * sandbox and tries a cancellation, which `approve` refuses and the code handles.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";

const EXAMPLE = fileURLToPath(new URL("../../examples/code-mode.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

it("searches, runs the model's code with the refusal handled, and answers", () => {
  const run = spawnSync(process.execPath, ["--import", TSX_LOADER, EXAMPLE], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const lines = run.stdout.trim().split("\n");
  expect(lines[0]).toMatch(/^search_tools → \[\{"path":"servers\.trip\.getWeather"/);
  expect(lines[1]).toBe(
    'execute_code → {"ok":true,"value":{"warmest":{"city":"Kyoto","high":29},"cancelled":"refused: denied"},"logs":["warmest: Kyoto"]}',
  );
  expect(lines.at(-1)).toMatch(/^Done: /);
}, 90_000);
