/**
 * The real CLI against a server that prints escape sequences: whatever the server puts in its
 * error messages, stderr, or name, what reaches the terminal is one line per message with every
 * control character made visible, so a server cannot erase the error and draw a fake success.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool, type ServedContract } from "../support/cli-servers.js";
import { UNSAFE_FOR_TERMINAL, withoutLineBreaks } from "../support/terminal.js";

/** Erase the line, move up, print a fake success, hide a link, reverse the rest. */
const FORGERY =
  "\u001b[2K\u001b[1A\rdemo: 1 tool → out (1 written)\u001b]8;;https://evil.example\u0007docs\u001b]8;;\u0007\u000b\u202eevil\u2028\u009b31m";

let project: TempProject;
let runs = 0;

beforeAll(async () => {
  project = await createTempProject("terminal");
});
afterAll(() => project.remove());

async function pullFrom(contract: ServedContract, interactive = false) {
  const file = `contract-${runs++}.json`;
  await project.write(file, contract);
  return runCliCaptured(
    ["pull", "--out", `out-${runs}`, "--", ...contractServerCommand(project.path(file))],
    project.dir,
    { interactive },
  );
}

describe("server text printed by the CLI", () => {
  it("shows a failing server's message and stderr as one line with controls made visible", async () => {
    const run = await pullFrom({ tools: [], failListMessage: FORGERY });
    expect(run.code).toBe(ExitCode.Server);
    expect(linesOf(run.stderr)).toHaveLength(1);
    expect(withoutLineBreaks(run.stderr)).not.toMatch(UNSAFE_FOR_TERMINAL);
    expect(run.stderr).toContain("\\x1b[2K\\x1b[1A demo: 1 tool");
    expect(run.stdout).toBe("");
  });

  it("shows a server name with escape sequences in progress lines safely", async () => {
    const run = await pullFrom(
      {
        serverInfo: { name: `demo${FORGERY}`, version: "1\u001b[31m" },
        tools: [simpleTool("echo")],
      },
      true,
    );
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stderr).toContain("connected to demo\\x1b[2K");
    expect(withoutLineBreaks(run.stderr + run.stdout)).not.toMatch(UNSAFE_FOR_TERMINAL);
  });

  it("prints a bad command-line argument safely too", async () => {
    const run = await runCliCaptured(["pull", `--bogus${FORGERY}`], project.dir);
    expect(run.code).toBe(ExitCode.Usage);
    expect(linesOf(run.stderr)).toHaveLength(1);
    expect(withoutLineBreaks(run.stderr)).not.toMatch(UNSAFE_FOR_TERMINAL);
  });

  it("never prints a control character, whatever the server's message", async () => {
    const message = fc.string({
      unit: fc.oneof(
        fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
        fc.constantFrom("\u202e", "\u2066", "\u2028", "\u061c"),
      ),
      minLength: 1,
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const run = await pullFrom({ tools: [], failListMessage: text });
        expect(run.code).toBe(ExitCode.Server);
        expect(linesOf(run.stderr)).toHaveLength(1);
        expect(withoutLineBreaks(run.stderr)).not.toMatch(UNSAFE_FOR_TERMINAL);
      }),
      { numRuns: 8 },
    );
  });
});
