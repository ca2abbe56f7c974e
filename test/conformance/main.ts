/**
 * `npm run conformance [-- HARNESS_ARGS]`: the official conformance harness against the runtime,
 * with its output as it comes. With no scenario selection, every client scenario
 * (`--suite all`) is run, each at the wire version the harness picks for it (2025-11-25 for
 * the ones it shares with the older revisions); add e.g. `--requirements 2026-07-28` or
 * `--scenario tools_call` to choose. Exits with the harness's own status.
 */
import { runHarness } from "./harness.js";

const args = process.argv.slice(2);
const selects = ["--suite", "--scenario", "--requirements"].some((flag) => args.includes(flag));
const run = await runHarness(selects ? args : ["--suite", "all", ...args], true);
process.exitCode = run.exitCode ?? 1;
