/**
 * A command that never answers (`cat`, `node` without a script path): on a terminal the user is
 * told which request it sits on, and the final error says it never answered and why that usually
 * is. In-process CLI, real processes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/program.js";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("silent");
});
afterAll(() => project.remove());

const STRAIGHT_TO_INITIALIZE = ["--protocol", "2025-11-25"];

describe("pull from a command that never answers", () => {
  it("says which request went unanswered and that the command may not be a server", async () => {
    const run = await runCliCaptured(
      ["pull", "--timeout", "1000", "--out", "cat-out", "--", "cat"],
      project.dir,
    );
    expect(run.code).toBe(ExitCode.Server);
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(run.stderr).toMatch(
      /^error: cat: could not connect: the server never answered (server\/discover|initialize) within 1000 ms/,
    );
    expect(run.stderr).toContain("may not be an MCP server, or may be waiting for input");
    // Said once: no second "did not answer in time" from the hint.
    expect(run.stderr.match(/timeout/g)).toHaveLength(2);
  });

  it("on a terminal, tells which request the command sits on while it waits", async () => {
    let stderr = "";
    const code = await runCli(
      ["pull", ...STRAIGHT_TO_INITIALIZE, "--timeout", "1500", "--out", "cat-tty", "--", "cat"],
      {
        cwd: project.dir,
        interactive: true,
        silenceNotice: { afterMs: 100, everyMs: 200 },
        stdout: { write: () => true },
        stderr: { write: (text: string) => (stderr += text) },
      },
    );
    expect(code).toBe(ExitCode.Server);
    expect(stderr).toMatch(/^waiting for cat to answer initialize \(\d+ s\)…$/m);
    expect(stderr).toMatch(/never answered initialize within 1500 ms/);
  });

  it("prints no waiting line when progress is off", async () => {
    let stderr = "";
    await runCli(
      ["pull", ...STRAIGHT_TO_INITIALIZE, "--timeout", "800", "--out", "cat-ci", "--", "cat"],
      {
        cwd: project.dir,
        interactive: false,
        silenceNotice: { afterMs: 50, everyMs: 50 },
        stdout: { write: () => true },
        stderr: { write: (text: string) => (stderr += text) },
      },
    );
    expect(stderr).toMatch(/never answered initialize/);
    expect(stderr).not.toContain("waiting for cat");
  });
});
