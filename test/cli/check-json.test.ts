/**
 * `mcp-codegen check --json` without `--live`: one JSON document on stdout and nothing else there,
 * with the same exit codes as the lines; a run that cannot check still prints a document (an
 * `error` with the exit code) besides its line on stderr.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CheckReport, CheckResultReport } from "../../cli/index.js";
import { startKitchenSinkHttp } from "../fixtures/servers/index.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";

/** The one document a run printed: exactly one line of stdout, parsed. */
function documentOf(stdout: string): CheckReport {
  expect(linesOf(stdout)).toHaveLength(1);
  expect(stdout.endsWith("\n")).toBe(true);
  return JSON.parse(stdout) as CheckReport;
}

const NO_FILES = { modified: [], missing: [], stale: [] };

describe("check --json", () => {
  let project: TempProject;
  const out = "out/sink";

  beforeAll(async () => {
    project = await createTempProject("check-json");
    const server = await startKitchenSinkHttp();
    try {
      const run = await runCliCaptured(["pull", "--out", out, "--url", server.url], project.dir);
      expect(run.code).toBe(0);
    } finally {
      await server.close();
    }
  });
  afterAll(() => project.remove());
  beforeEach(async () => {
    expect((await runCliCaptured(["generate", "--out", out], project.dir)).code).toBe(0);
  });

  const check = () => runCliCaptured(["check", "--json", "--out", out], project.dir);

  it("prints ok: true and the server with no files listed when everything matches", async () => {
    const run = await check();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = documentOf(run.stdout) as CheckResultReport;
    expect(report).toEqual({
      version: 1,
      ok: true,
      servers: [
        {
          name: "out/sink/mcp.snapshot.json",
          out: project.path(out),
          snapshot: project.path(out, "mcp.snapshot.json"),
          files: NO_FILES,
        },
      ],
    });
    expect(report.servers[0]).not.toHaveProperty("drift");
  });

  it("lists a modified and a missing file, exits 1, and prints no human lines", async () => {
    const edited = project.path(out, "tools/echo.ts");
    await writeFile(edited, `${await readFile(edited, "utf8")}// a local edit\n`);
    await rm(project.path(out, "resources/logo.ts"));
    const run = await check();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const report = documentOf(run.stdout) as CheckResultReport;
    expect(report.version).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.servers).toHaveLength(1);
    expect(report.servers[0]!.name).toBe("out/sink/mcp.snapshot.json");
    expect(report.servers[0]!.files).toEqual({
      modified: ["tools/echo.ts"],
      missing: ["resources/logo.ts"],
      stale: [],
    });
  });

  it("lists stale files apart from modified ones", async () => {
    const path = project.path(out, "mcp.snapshot.json");
    const original = await readFile(path, "utf8");
    const snapshot = JSON.parse(original) as { tools: Array<{ name: string }> };
    snapshot.tools = snapshot.tools.filter((tool) => tool.name !== "add");
    await writeFile(path, `${JSON.stringify(snapshot, null, 2)}\n`);
    try {
      const run = await check();
      expect(run.code).toBe(1);
      expect((documentOf(run.stdout) as CheckResultReport).servers[0]!.files).toEqual({
        modified: ["all-tools.ts", "index.ts", "mcp.snapshot.json", "mock.ts"],
        missing: [],
        stale: ["tools/add.ts"],
      });
    } finally {
      await writeFile(path, original);
    }
  });

  it("checks every server of the config, in its order", async () => {
    await project.write("mcp-codegen.config.json", {
      servers: { zeta: { command: "node", out }, alpha: { command: "node", out: "out/absent" } },
    });
    try {
      const run = await runCliCaptured(["check", "--json"], project.dir);
      // The second server was never pulled: a usage error, as a document too.
      expect(run.code).toBe(2);
      const report = documentOf(run.stdout);
      expect(report).toEqual({
        version: 1,
        ok: false,
        error: {
          message: `alpha: no snapshot at ${project.path("out/absent/mcp.snapshot.json")}; run \`mcp-codegen pull\` first`,
          exitCode: 2,
        },
      });
      expect(linesOf(run.stderr)).toEqual([`error: ${"error" in report && report.error.message}`]);
      await project.write("mcp-codegen.config.json", {
        servers: { zeta: { command: "node", out }, alpha: { command: "node", out } },
      });
      const both = documentOf((await runCliCaptured(["check", "--json"], project.dir)).stdout);
      expect(both).toEqual({
        version: 1,
        ok: true,
        servers: [
          {
            name: "zeta",
            out: project.path(out),
            snapshot: project.path(out, "mcp.snapshot.json"),
            files: NO_FILES,
          },
          {
            name: "alpha",
            out: project.path(out),
            snapshot: project.path(out, "mcp.snapshot.json"),
            files: NO_FILES,
          },
        ],
      });
    } finally {
      await rm(project.path("mcp-codegen.config.json"));
    }
  });

  it("prints an error document for a broken config, with the line on stderr", async () => {
    await project.write("mcp-codegen.config.json", "{ not json");
    try {
      const run = await runCliCaptured(["check", "--json"], project.dir);
      expect(run.code).toBe(2);
      const report = documentOf(run.stdout);
      expect(report.ok).toBe(false);
      expect(report).not.toHaveProperty("servers");
      if (!("error" in report)) throw new Error("expected an error document");
      expect(report.error.exitCode).toBe(2);
      expect(report.error.message).toMatch(
        /^mcp-codegen\.config\.json: is not valid JSON \(.+\); fix it$/,
      );
      expect(linesOf(run.stderr)).toEqual([`error: ${report.error.message}`]);
    } finally {
      await rm(project.path("mcp-codegen.config.json"));
    }
  });

  it("prints an error document for flags check refuses (--live with --out)", async () => {
    const run = await runCliCaptured(["check", "--json", "--live", "--out", out], project.dir);
    expect(run.code).toBe(2);
    expect(documentOf(run.stdout)).toEqual({
      version: 1,
      ok: false,
      error: {
        message:
          "check --live reads the servers from mcp-codegen.config.json; --out cannot name one",
        exitCode: 2,
      },
    });
  });

  it("prints an error document for a flag commander refuses, exit 2", async () => {
    const run = await runCliCaptured(["-q", "check", "--json", "--no-such-flag"], project.dir);
    expect(run.code).toBe(2);
    expect(documentOf(run.stdout)).toEqual({
      version: 1,
      ok: false,
      error: { message: "unknown option '--no-such-flag'", exitCode: 2 },
    });
    expect(run.stderr).toBe("error: unknown option '--no-such-flag' (see mcp-codegen --help)\n");
    // Without --json, stdout stays empty as before.
    expect((await runCliCaptured(["check", "--no-such-flag"], project.dir)).stdout).toBe("");
  });
});
