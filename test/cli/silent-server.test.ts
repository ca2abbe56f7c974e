/**
 * A command that never answers (`cat`, `node` without a script path): on a terminal the user is
 * told which request it sits on, and the final error says it never answered and why that usually
 * is. In-process CLI, real processes.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/program.js";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { runNode } from "../support/cli-child.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");

let project: TempProject;
beforeAll(async () => {
  assertRuntimeBuilt();
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
      /^error: cat: could not connect: the server never answered server\/discover, then initialize within 1000 ms \(--timeout\) \(gave up after \d+\.\d s\)/,
    );
    expect(run.stderr).toContain("may not be an MCP server, or may be waiting for input");
    // Said once: no second "did not answer in time" from the hint.
    expect(run.stderr.match(/timeout/g)).toHaveLength(2);
  });

  it("through the built bin, fails within the one deadline it states and says the time spent", async () => {
    const began = Date.now();
    const run = await runNode(
      [
        BIN,
        "pull",
        "--timeout",
        "3000",
        "--out",
        "bin-out",
        "--",
        "node",
        "-e",
        "setInterval(()=>{},1e6)",
      ],
      project.dir,
      { killAfterMs: 60_000 },
    );
    const measured = (Date.now() - began) / 1000;
    expect(run.code).toBe(ExitCode.Server);
    const match =
      /never answered server\/discover, then initialize within 3000 ms \(--timeout\) \(gave up after (\d+\.\d) s\)/.exec(
        run.stderr,
      );
    expect(match, run.stderr).not.toBeNull();
    const reported = Number(match![1]);
    // The figure is real: at least the deadline, at most what this test saw from outside.
    expect(reported).toBeGreaterThanOrEqual(3);
    expect(reported).toBeLessThanOrEqual(measured);
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

  it.each([
    ["piped (CI)", [], true],
    ["--quiet", ["--quiet"], false],
  ])("%s: waiting lines %s", async (_, flags, shown) => {
    let stderr = "";
    await runCli(
      [
        "pull",
        ...flags,
        ...STRAIGHT_TO_INITIALIZE,
        "--timeout",
        "800",
        "--out",
        "cat-ci",
        "--",
        "cat",
      ],
      {
        cwd: project.dir,
        interactive: false,
        // The piped interval is 10 s; the seam shortens it so no test waits that long.
        silenceNotice: { afterMs: 50, everyMs: 100 },
        stdout: { write: () => true },
        stderr: { write: (text: string) => (stderr += text) },
      },
    );
    expect(stderr).toMatch(/never answered initialize/);
    if (shown) expect(stderr).toMatch(/^waiting for cat to answer initialize \(\d+ s\)…$/m);
    else expect(stderr).not.toContain("waiting for cat");
  });
});
