/**
 * examples/agent-loop.ts, run as a user runs it (`node --import tsx`), with no terminal: the
 * read-only weather tool goes through, the booking cancellation (not marked read-only) is put to
 * the approver, which refuses without a terminal, and the refusal reaches the model as text.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";

const EXAMPLE = fileURLToPath(new URL("../../examples/agent-loop.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

it("calls the read-only tool and refuses the unsafe one without a terminal", () => {
  const run = spawnSync(process.execPath, ["--import", TSX_LOADER, EXAMPLE], {
    encoding: "utf8",
    // Not a terminal: `askUser` must answer "deny" rather than wait for a person.
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const lines = run.stdout.trim().split("\n");
  expect(lines[0]).toBe("get_weather → Forecast for Lisbon, 2 days:");
  expect(run.stdout).toContain(
    'trip.cancel-booking → Not done: tools/call "trip.cancel-booking": the approver denied the call for principal "default" (policy rule "not read-only")',
  );
  expect(lines.at(-1)).toMatch(/^Done: Not done: .*denied/);
}, 90_000);
