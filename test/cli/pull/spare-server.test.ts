/**
 * An initialize-era server's relisting (capability detection) takes a process of its own. When
 * the last pull saw that era, the pull boots that process beside its own instead of after the
 * handshake. Against the era fixture behind a slow boot that logs each process's spawn and
 * readiness (boot-log-stdio.ts), over real processes: booted together, every spawn comes before
 * the first process is ready; one after another, the second spawn comes after it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pullContract, type PullOptions } from "../../../cli/pull/pull-contract.js";
import { recordedInitializeEra } from "../../../cli/pull/spare-server.js";
import type { Reporter } from "../../../cli/terminal/index.js";
import { bootLogStdio } from "../../fixtures/servers/index.js";
import { runningChildren } from "../../support/child-processes.js";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";

/** Long enough that a process spawned after the first handshake cannot pass as booted with it. */
const BOOT_MS = 800;

interface Trace {
  at: number;
  pid: number;
  event: string;
}

function traces(log: string): Trace[] {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [at, pid, event] = line.split(" ");
      return { at: Number(at), pid: Number(pid), event: event ?? "" };
    });
}

/** Whether every process was spawned before the first one was ready, and how many there were. */
function bootedTogether(log: string): { spawned: number; together: boolean } {
  const all = traces(log);
  const spawned = all.filter((trace) => trace.event === "spawned");
  const firstReady = Math.min(...all.filter((t) => t.event === "ready").map((t) => t.at));
  return { spawned: spawned.length, together: spawned.every((trace) => trace.at < firstReady) };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const warnings: string[] = [];
const reporter: Reporter = {
  progress: () => undefined,
  info: () => undefined,
  warn: (line) => void warnings.push(line),
  error: (line) => void warnings.push(line),
};

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("spare-server");
});
afterAll(async () => {
  await project.remove();
});

async function pullLogged(
  name: string,
  mode: "legacy" | "both",
  options: Partial<PullOptions>,
): Promise<{ log: string; tools: string[] }> {
  const log = project.path(`${name}.log`);
  const contract = await pullContract(bootLogStdio(log, BOOT_MS, mode), {
    reporter,
    label: name,
    timeout: 20_000,
    ...options,
  });
  return { log, tools: contract.tools.map((tool) => tool.name) };
}

describe("the relisting's process of an initialize-era server", () => {
  it("boots beside the pull's own when the last pull saw that era", async () => {
    const { log, tools } = await pullLogged("early", "legacy", { relistEarly: true });
    expect(tools).toContain("add");
    // Two processes, the second one taken by the relisting: no third one was spawned.
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: true });
    expect(warnings).toEqual([]);
  });

  it("boots after the pull's handshake on a first pull", async () => {
    const { log, tools } = await pullLogged("late", "legacy", {});
    expect(tools).toContain("add");
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: false });
  });

  it("is stopped unused when the server now speaks 2026-07-28", async () => {
    const { log, tools } = await pullLogged("modern", "both", { relistEarly: true });
    expect(tools).toContain("add");
    const pids = [...new Set(traces(log).map((trace) => trace.pid))];
    expect(pids).toHaveLength(2);
    // Neither the pull's own process nor the spare outlives the pull for long.
    await expect.poll(() => pids.filter(isRunning), { timeout: 15_000 }).toEqual([]);
  });
});

describe("pull --out", () => {
  it("relists early when the snapshot there records the initialize era", async () => {
    const out = project.path("mcp", "era");
    const log = project.path("cli.log");
    const command = bootLogStdio(log, BOOT_MS, "legacy");
    const pull = ["pull", "--quiet", "--out", out, "--", command.command, ...command.args];
    expect((await runCliCaptured(pull, project.dir)).code).toBe(0);
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: false });
    expect(recordedInitializeEra(out)).toBe(true);
    writeFileSync(log, "");
    const again = await runCliCaptured(pull, project.dir);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: true });
  });
});

describe("check --live", () => {
  it("relists early when the snapshot it checks records the initialize era", async () => {
    const dir = project.path("checked");
    const log = project.path("checked.log");
    const command = bootLogStdio(log, BOOT_MS, "legacy");
    mkdirSync(dir, { recursive: true });
    const server = { command: command.command, args: command.args };
    writeFileSync(
      join(dir, "mcp-codegen.config.json"),
      JSON.stringify({ servers: { era: server } }),
    );
    expect((await runCliCaptured(["pull", "--quiet"], dir)).code).toBe(0);
    writeFileSync(log, "");
    const check = await runCliCaptured(["check", "--live"], dir);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: true });
  });
});

describe("pull --out of a server that no longer speaks the era its snapshot records", () => {
  it("stops the spare it started before it ends, even one that ignores the end of its stdin", async () => {
    const out = project.path("mcp", "now-modern");
    const then = bootLogStdio(project.path("then.log"), 0, "legacy");
    const first = ["pull", "--quiet", "--out", out, "--", then.command, ...then.args];
    expect((await runCliCaptured(first, project.dir)).code).toBe(0);
    expect(recordedInitializeEra(out)).toBe(true);
    const log = project.path("now-modern.log");
    const command = bootLogStdio(log, BOOT_MS, "both", true);
    const before = new Set(runningChildren());
    const pull = ["pull", "--quiet", "--out", out, "--", command.command, ...command.args];
    const run = await runCliCaptured(pull, project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    // The spare was started beside the pull's own process, and neither runs any more.
    expect(bootedTogether(log)).toEqual({ spawned: 2, together: true });
    expect(runningChildren().filter((pid) => !before.has(pid))).toEqual([]);
  });
});

describe("recordedInitializeEra", () => {
  const folder = (name: string, snapshot: unknown): string => {
    const dir = project.path("snapshots", name);
    mkdirSync(dir, { recursive: true });
    if (snapshot !== undefined) {
      const text = typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot, null, 2);
      writeFileSync(join(dir, "mcp.snapshot.json"), text);
    }
    return dir;
  };

  it.each([
    ["an initialize-era version", { protocolVersion: "2025-06-18" }, true],
    ["2026-07-28", { protocolVersion: "2026-07-28" }, false],
    ["a version it does not know", { protocolVersion: "2031-01-01" }, false],
    ["no snapshot", undefined, false],
    ["a snapshot that is no JSON", "protocolVersion", false],
    // A key of that name inside a tool's schema is indented deeper than the snapshot's own.
    [
      "only a nested key of that name",
      { tools: [{ name: "t", inputSchema: { protocolVersion: "2025-06-18" } }] },
      false,
    ],
  ])("%s", (name, snapshot, expected) => {
    expect(recordedInitializeEra(folder(name.replaceAll(" ", "-"), snapshot))).toBe(expected);
  });

  it("is false without an output folder (a first pull names it after the server)", () => {
    expect(recordedInitializeEra("")).toBe(false);
  });
});
