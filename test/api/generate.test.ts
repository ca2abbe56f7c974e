/**
 * `generate()` from the package entry: the files in memory are exactly what `mcp-codegen
 * generate` writes for the same snapshot (the demo's, and one that vendors the runtime), a
 * config's servers come from their snapshots, `strict` throws the command's error, and nothing
 * is printed or written.
 */
import { readFile, rm } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { check, CliError, ExitCode, generate, writeFiles, type Snapshot } from "../../cli/index.js";
import { listTree, readTree } from "../support/cli-files.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";

const DEMO_SNAPSHOT = `${REPO_ROOT}examples/trip-planner/mcp.snapshot.json`;

async function demoSnapshot(): Promise<Snapshot> {
  return JSON.parse(await readFile(DEMO_SNAPSHOT, "utf8")) as Snapshot;
}

/** The demo snapshot with one property typed "strin": a generation warning. */
async function misspeltSnapshot(): Promise<Snapshot> {
  const snapshot = await demoSnapshot();
  const tool = snapshot.tools.find((t) => t.name === "convert_currency")!;
  const properties = tool.inputSchema.properties as Record<string, unknown>;
  properties["amount"] = { type: "strin" };
  return snapshot;
}

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("api-generate");
});
afterAll(() => project.remove());
afterEach(() => vi.restoreAllMocks());

/** What the command writes for `snapshot`, as path → text. */
async function commandOutput(snapshot: Snapshot, folder: string): Promise<Record<string, string>> {
  const file = await project.write(`${folder}.json`, snapshot);
  const run = await runCliCaptured(["generate", "--snapshot", file, "--out", folder], project.dir);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return readTree(project.path(folder));
}

function asTree(files: readonly { path: string; content: string }[]): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file.path, file.content]));
}

describe("generate(snapshot)", () => {
  it("gives byte for byte the files the command writes for the demo snapshot", async () => {
    const snapshot = await demoSnapshot();
    const { files, warnings } = await generate(snapshot);
    expect(warnings).toEqual([]);
    expect(asTree(files)).toEqual(await commandOutput(snapshot, "demo"));
    expect(files.map((file) => file.path)).toContain("tools/book.ts");
    // The committed example is the command's output too (test/cli/examples.test.ts checks it).
    expect(asTree(files)).toEqual(await readTree(`${REPO_ROOT}examples/trip-planner`));
  });

  it("gives the vendored runtime's files too when the snapshot asks for them", async () => {
    const snapshot = { ...(await demoSnapshot()), codegen: { runtime: "vendored" as const } };
    const { files } = await generate(snapshot);
    expect(files.some((file) => file.path.startsWith("runtime/"))).toBe(true);
    expect(asTree(files)).toEqual(await commandOutput(snapshot, "vendored"));
  });

  it("returns warnings as the command prints them, and calls onWarning with each", async () => {
    const seen: string[] = [];
    const { warnings } = await generate(await misspeltSnapshot(), {
      label: "demo",
      onWarning: (warning) => seen.push(warning),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^demo: tool "convert_currency" at #\/inputSchema\/properties\/amount\/type: .*typed as unknown/,
    );
    expect(seen).toEqual(warnings);
  });

  it("under strict throws the command's exit-4 error", async () => {
    const snapshot = await misspeltSnapshot();
    const file = await project.write("misspelt/mcp.snapshot.json", snapshot);
    const run = await runCliCaptured(["generate", "--strict", "--snapshot", file], project.dir);
    expect(run.code).toBe(ExitCode.Contract);
    const error = await generate(snapshot, { strict: true, label: "misspelt/mcp.snapshot.json" })
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Contract);
    expect(run.stderr).toBe(`error: ${(error as CliError).message}\n`);
  });

  it("refuses a value that is not a snapshot with exit code 2, as the command does", async () => {
    const notSnapshot = { formatVersion: 1, name: "x" } as unknown as Snapshot;
    await expect(generate(notSnapshot, { label: "given" })).rejects.toMatchObject({
      name: "CliError",
      exitCode: ExitCode.Usage,
      message: expect.stringMatching(/^given/),
    });
  });

  it("writes nothing to stdout or stderr", async () => {
    const stdout = vi.spyOn(process.stdout, "write");
    const stderr = vi.spyOn(process.stderr, "write");
    await generate(await misspeltSnapshot());
    await generate(await misspeltSnapshot(), { strict: true }).catch(() => undefined);
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});

describe("generate(config)", () => {
  it("generates every server from the snapshot in its out folder, as the command does", async () => {
    const config = await createTempProject("api-config");
    try {
      const demo = await demoSnapshot();
      await config.write("mcp/trip/mcp.snapshot.json", demo);
      await config.write("clients/other/mcp.snapshot.json", { ...demo, name: "other" });
      const servers = {
        trip: { command: "node", args: ["server.js"] },
        other: { url: "http://127.0.0.1:1/mcp", out: "clients/other" },
      };
      const result = await generate({ servers }, { cwd: config.dir });
      expect(result.outputs.map((output) => [output.name, output.out])).toEqual([
        ["trip", config.path("mcp", "trip")],
        ["other", config.path("clients", "other")],
      ]);
      expect(result.files.filter((file) => file.path.startsWith("mcp/trip/"))).toHaveLength(
        result.outputs[0]!.files.length,
      );
      expect(result.files.map((file) => file.path)).toContain("clients/other/index.ts");

      await config.write("mcp-codegen.config.json", { servers });
      const run = await runCliCaptured(["generate"], config.dir);
      expect(run.stderr).toBe("");
      const { ["mcp-codegen.config.json"]: _config, ...written } = await readTree(config.dir);
      expect(asTree(result.files)).toEqual(written);
    } finally {
      await config.remove();
    }
  });

  it("names the server whose snapshot is missing, with the command's message", async () => {
    const config = await createTempProject("api-config-missing");
    try {
      const error = await generate(
        { servers: { gone: { url: "http://127.0.0.1:1/mcp" } } },
        {
          cwd: config.dir,
        },
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).message).toBe(
        `gone: no snapshot at ${config.path("mcp", "gone", "mcp.snapshot.json")}; run \`mcp-codegen pull\` first`,
      );
    } finally {
      await config.remove();
    }
  });

  it("honours the config's strict: true as the command does", async () => {
    const config = await createTempProject("api-config-strict");
    try {
      await config.write("mcp/trip/mcp.snapshot.json", await misspeltSnapshot());
      const servers = { trip: { command: "node", args: ["server.js"] } };
      const lenient = await generate({ servers }, { cwd: config.dir });
      expect(lenient.warnings).toHaveLength(1);
      expect(lenient.outputs[0]!.warnings).toEqual(lenient.warnings);
      const error = await generate({ strict: true, servers }, { cwd: config.dir }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(ExitCode.Contract);
      expect((error as CliError).message).toMatch(/^trip: tool "convert_currency" /);
    } finally {
      await config.remove();
    }
  });

  it("refuses an invalid config as a CliError with exit code 2", async () => {
    const error = await generate({ servers: { "1bad": { command: "x" } } }, { cwd: project.dir })
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Usage);
    expect((error as CliError).message).toMatch(/^config/);
  });
});

describe("writeFiles", () => {
  it("writes what generate() gave so that the command's check finds it up to date", async () => {
    const { files } = await generate(await demoSnapshot());
    const stats = await writeFiles(project.path("written"), files);
    expect(stats.written).toHaveLength(files.length);
    expect(await listTree(project.path("written"))).toEqual(files.map((f) => f.path).sort());
    const run = await runCliCaptured(["check", "--out", "written"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const again = await writeFiles(project.path("written"), files);
    expect(again).toEqual({ written: [], unchanged: files.length, removed: [] });
  });

  it("check() finds nothing to report in what writeFiles wrote, and names each difference", async () => {
    const { files } = await generate(await demoSnapshot());
    const out = project.path("checked");
    await writeFiles(out, files);
    expect(await check(out, files)).toEqual([]);
    const [book] = files.filter((file) => file.path === "tools/book.ts");
    await project.write("checked/tools/book.ts", `${book!.content}// edited\n`);
    // book.ts no longer produced (still listed by the snapshot on disk): stale.
    const fewer = files.filter((file) => file.path !== "tools/book.ts" && file.path !== "index.ts");
    await rm(project.path("checked/index.ts"));
    expect(await check(out, [...fewer, { path: "index.ts", content: "x" }])).toEqual([
      { path: "index.ts", status: "missing" },
      { path: "tools/book.ts", status: "extra" },
    ]);
    expect(await check(out, files)).toEqual([
      { path: "index.ts", status: "missing" },
      { path: "tools/book.ts", status: "changed" },
    ]);
  });

  it("refuses to overwrite a file mcp-codegen did not write", async () => {
    const { files } = await generate(await demoSnapshot());
    await project.write("mine/index.ts", "export const mine = 1;\n");
    await expect(writeFiles(project.path("mine"), files)).rejects.toMatchObject({
      name: "CliError",
      exitCode: ExitCode.Usage,
    });
    expect(await readFile(project.path("mine/index.ts"), "utf8")).toBe("export const mine = 1;\n");
  });
});
