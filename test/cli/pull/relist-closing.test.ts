/**
 * Each listing with fewer capabilities of an initialize-era server is a process of its own, and
 * `@modelcontextprotocol/server-everything` (which offers four tools only to clients declaring
 * roots, sampling or elicitation, so a pull lists it five times more) does not exit when its
 * stdin ends: each process is stopped by SIGTERM once the shutdown grace is over. The pull closes
 * those connections in the background and awaits them together at its end, so their graces
 * overlap instead of adding up, and it still leaves no process behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pullContract } from "../../../cli/pull/pull-contract.js";
import type { Reporter } from "../../../cli/terminal/index.js";
import { runningChildren as children } from "../../support/child-processes.js";
import { createTempProject, runCliCaptured } from "../../support/cli-run.js";
import { referenceServer, type ReferenceServer } from "../../support/reference-servers.js";

const reporter: Reporter = {
  progress: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

let everything: ReferenceServer;
beforeAll(async () => {
  everything = await referenceServer("everything");
});
afterAll(async () => {
  await everything.remove();
});

describe("closing the relistings' connections", () => {
  it("overlaps their shutdowns and leaves no server running", async () => {
    const { command, args, env, cwd } = everything;
    const before = new Set(children());
    let mostAlive = 0;
    const watch = setInterval(() => {
      const alive = children().filter((pid) => !before.has(pid)).length;
      mostAlive = Math.max(mostAlive, alive);
    }, 50);
    try {
      const contract = await pullContract(
        { command, args, env, cwd, stderr: "ignore" },
        { reporter, label: "everything", timeout: 30_000 },
      );
      expect(Object.keys(contract.toolCapabilities ?? {}).length).toBeGreaterThan(0);
    } finally {
      clearInterval(watch);
    }
    // The pull's own process, the listing under way and at least one still closing.
    expect(mostAlive).toBeGreaterThanOrEqual(3);
    expect(children().filter((pid) => !before.has(pid))).toEqual([]);
  });

  it("lets `pull` write its files meanwhile, and still waits for every server to stop", async () => {
    const { command, args } = everything;
    const project = await createTempProject("relist-closing");
    try {
      const before = new Set(children());
      const out = project.path("mcp", "everything");
      const pull = ["pull", "--quiet", "--out", out, "--", command, ...args];
      const run = await runCliCaptured(pull, project.dir);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(children().filter((pid) => !before.has(pid))).toEqual([]);
    } finally {
      await project.remove();
    }
  });
});
