/**
 * `mcp-codegen generate --watch`: a real edit of a snapshot file regenerates its folder; a
 * snapshot that does not parse is one error line and the watch goes on. Also the built bin as a
 * child process, stopped by SIGINT and SIGTERM as a terminal or a process manager would.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTempProject,
  linesOf,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { startWatch, summaryCount, type WatchRun } from "../support/cli-watch.js";

/** A net for hangs on a busy two-core machine, not a speed check. */
const WAIT = { timeout: 60_000, interval: 100 };

const SNAPSHOT = "out/mcp.snapshot.json";

/** A project with out/ pulled from a contract server serving one tool, `ping`. */
async function pulledProject(label: string): Promise<TempProject> {
  const project = await createTempProject(label);
  const file = await project.write("contract.json", {
    serverInfo: { name: "pinger", version: "1.0.0" },
    tools: [simpleTool("ping")],
  });
  const pull = await runCliCaptured(
    ["pull", "--out", "out", "--", ...contractServerCommand(file)],
    project.dir,
  );
  expect(pull.stderr).toBe("");
  return project;
}

describe("generate --watch", () => {
  let project: TempProject;
  let run: WatchRun;
  const generated = () => readFile(project.path("out/tools/ping.ts"), "utf8");
  /** Rewrites the snapshot as pull writes it (two-space JSON), with `ping` described anew. */
  const describePing = async (description: string) => {
    const snapshot = JSON.parse(await readFile(project.path(SNAPSHOT), "utf8")) as {
      tools: Array<{ description: string }>;
    };
    snapshot.tools[0]!.description = description;
    await project.write(SNAPSHOT, `${JSON.stringify(snapshot, null, 2)}\n`);
  };

  beforeAll(async () => {
    project = await pulledProject("watch-generate");
    run = startWatch(["generate", "--watch", "--out", "out"], project.dir);
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(1), WAIT);
  });
  afterAll(async () => {
    await run.stop();
    await project.remove();
  });

  it("generates once at the start: nothing to write for a fresh pull", () => {
    expect(run.stderr()).toBe("");
    expect(linesOf(run.stdout())).toEqual([
      expect.stringMatching(/^out\/mcp\.snapshot\.json: 5 files → .* \(0 written, 5 unchanged\)$/),
    ]);
  });

  it("generates again when the snapshot file changes", async () => {
    await describePing("Pings, as edited in the snapshot.");
    await vi.waitFor(
      async () => expect(await generated()).toContain("Pings, as edited in the snapshot."),
      WAIT,
    );
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
    expect(linesOf(run.stdout()).slice(1)).toEqual([
      `changed ${SNAPSHOT} → generating ${SNAPSHOT}`,
      expect.stringMatching(/ \([12] written, \d unchanged\)$/),
    ]);
  });

  it("reports a snapshot that does not parse in one line, and generates once it does", async () => {
    await project.write(SNAPSHOT, '{ "tools": [');
    await vi.waitFor(() => expect(run.errors()).toHaveLength(1), WAIT);
    expect(linesOf(run.stderr())).toEqual([
      expect.stringMatching(/^error: out\/mcp\.snapshot\.json/),
    ]);
    // The pull's snapshot again, edited: the watch is alive and regenerates from it.
    const repaired = await pulledProject("watch-generate-source");
    await project.write(SNAPSHOT, await readFile(repaired.path(SNAPSHOT), "utf8"));
    await repaired.remove();
    await describePing("Pings, once repaired.");
    await vi.waitFor(
      async () => expect(await generated()).toContain("Pings, once repaired."),
      WAIT,
    );
    expect(run.errors()).toHaveLength(1);
  });

  it("ends with exit code 0 on abort", async () => {
    expect(await run.stop()).toBe(0);
  });
});

describe("the built bin in watch mode", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await pulledProject("watch-signals");
  });
  afterAll(() => project.remove());

  it.each(["SIGINT", "SIGTERM"] as const)("exits 0 on %s", async (signal) => {
    const bin = join(REPO_ROOT, "dist/cli/main.js");
    const child = spawn(process.execPath, [bin, "generate", "--watch", "--out", "out"], {
      cwd: project.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      child.on("close", (code, killedBy) => resolve([code, killedBy])),
    );
    await vi.waitFor(() => expect(summaryCount(stdout)).toBe(1), WAIT);
    child.kill(signal);
    // Exit code 0, not death by the signal: the watch handled it and closed its watchers.
    expect(await exited).toEqual([0, null]);
    expect(stderr).toBe("");
  });
});
