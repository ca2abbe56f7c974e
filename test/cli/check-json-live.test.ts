/**
 * `mcp-codegen check --live --json` against the contract server the `check --live` tests use: the
 * drift classifier's findings as data, field by field; a server that cannot be reached is an error
 * document with exit 3. And the human lines' next step after drift: which command to run, and
 * which tools broke.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckReport, CheckResultReport, SarifLog } from "../../cli/index.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

function documentOf(stdout: string): CheckReport {
  expect(linesOf(stdout)).toHaveLength(1);
  return JSON.parse(stdout) as CheckReport;
}

const search = (properties: Record<string, unknown>, required: string[]) =>
  simpleTool("search", properties, required);
const BASE = {
  query: { type: "string" },
  mode: { type: "string", enum: ["fast", "deep", "exact"] },
};
const NARROWED = {
  ...BASE,
  mode: { type: "string", enum: ["fast", "deep"] },
  region: { type: "string" },
};

describe("check --live --json", () => {
  let project: TempProject;
  const serve = (tools: unknown[], prompts?: unknown[]) =>
    project.write("contract.json", {
      serverInfo: { name: "search", version: "1.0.0" },
      tools,
      ...(prompts === undefined ? {} : { prompts }),
    });
  const writeConfig = (file: string, command: string[]) =>
    project.write(file, { servers: { search: { command: command[0], args: command.slice(1) } } });

  beforeAll(async () => {
    project = await createTempProject("check-json-live");
    await serve([search(BASE, ["query"]), simpleTool("lookup")], [{ name: "brief" }]);
    await writeConfig(
      "mcp-codegen.config.json",
      contractServerCommand(project.path("contract.json")),
    );
    const run = await runCliCaptured(["pull"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
  afterAll(() => project.remove());

  it("reports no drift as empty lists, ok: true", async () => {
    await serve([search(BASE, ["query"]), simpleTool("lookup")], [{ name: "brief" }]);
    const run = await runCliCaptured(["check", "--live", "--json"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(documentOf(run.stdout)).toEqual({
      version: 1,
      ok: true,
      servers: [
        {
          name: "search",
          out: project.path("mcp/search"),
          snapshot: project.path("mcp/search/mcp.snapshot.json"),
          files: { modified: [], missing: [], stale: [] },
          drift: { breaking: [], needsReview: [], compatible: [] },
        },
      ],
    });
  });

  it("lists breaking and compatible changes with their entity, name and message; exits 1", async () => {
    await serve([search(NARROWED, ["query", "region"]), simpleTool("suggest")]);
    const run = await runCliCaptured(["check", "--live", "--json"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const report = documentOf(run.stdout) as CheckResultReport;
    expect(report.version).toBe(1);
    expect(report.ok).toBe(false);
    const [server] = report.servers;
    expect(server!.name).toBe("search");
    expect(server!.files).toEqual({ modified: [], missing: [], stale: [] });
    // Ordered as the text report orders them: by subject, then kind, in code-point order.
    expect(server!.drift!.breaking).toEqual([
      {
        kind: "prompt-removed",
        entity: "prompt",
        name: "brief",
        subject: 'prompt "brief"',
        message: "removed",
      },
      {
        kind: "capability-removed",
        entity: "server",
        subject: "server",
        message: "capability prompts no longer offered",
      },
      {
        kind: "tool-removed",
        entity: "tool",
        name: "lookup",
        subject: 'tool "lookup"',
        message: "removed",
      },
      {
        kind: "input-enum-narrowed",
        entity: "tool",
        name: "search",
        schemaPath: ["mode"],
        subject: 'tool "search"',
        message: 'argument "mode": no longer allows "exact"',
      },
      {
        kind: "input-required-property-added",
        entity: "tool",
        name: "search",
        schemaPath: ["region"],
        subject: 'tool "search"',
        message: 'argument "region": added, required',
      },
    ]);
    expect(server!.drift!.compatible).toEqual([
      {
        kind: "tool-added",
        entity: "tool",
        name: "suggest",
        subject: 'tool "suggest"',
        message: "added",
      },
    ]);
  });

  it("keeps ok: true on compatible drift alone (exit 0)", async () => {
    await serve(
      [search({ ...BASE, lang: { type: "string" } }, ["query"]), simpleTool("lookup")],
      [{ name: "brief" }],
    );
    const run = await runCliCaptured(["check", "--live", "--json"], project.dir);
    expect(run.code).toBe(0);
    const report = documentOf(run.stdout) as CheckResultReport;
    expect(report.ok).toBe(true);
    expect(report.servers[0]!.drift).toEqual({
      breaking: [],
      needsReview: [],
      compatible: [
        {
          kind: "input-property-added",
          entity: "tool",
          name: "search",
          schemaPath: ["lang"],
          subject: 'tool "search"',
          message: 'argument "lang": added, optional',
        },
      ],
    });
  });

  it("prints an error document with exit 3 when the server cannot be started", async () => {
    // The same output folder as the pulled server: the files check passes, the pull fails.
    await project.write("broken.config.json", {
      servers: {
        search: {
          command: process.execPath,
          args: [project.path("no-such-server.mjs")],
          out: "mcp/search",
        },
      },
    });
    const run = await runCliCaptured(
      ["check", "--live", "--json", "--config", "broken.config.json"],
      project.dir,
    );
    expect(run.code).toBe(3);
    const report = documentOf(run.stdout);
    if (!("error" in report)) throw new Error("expected an error document");
    expect(report).toEqual({
      version: 1,
      ok: false,
      error: { message: report.error.message, exitCode: 3 },
    });
    expect(report.error.message).toMatch(/^search: /);
    expect(run.stderr).toContain(`error: ${report.error.message}`);
  });
});

describe("check --live --json with a secret in the config", () => {
  const SECRET = "sk-checkjson-7Hq2Lm9Xv4";
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("check-json-secret");
    await project.write("contract.json", { tools: [simpleTool("ping")] });
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("mcp-codegen.config.json", {
      servers: { keyed: { command, args, env: { FIXTURE_KEY: SECRET } } },
    });
    expect((await runCliCaptured(["pull"], project.dir)).code).toBe(0);
  });
  afterAll(() => project.remove());

  it("masks it in the error document when the server quotes it back", async () => {
    await project.write("contract.json", {
      failListWithEnv: "FIXTURE_KEY",
      tools: [simpleTool("ping")],
    });
    const run = await runCliCaptured(["check", "--live", "--json"], project.dir);
    expect(run.code).toBe(3);
    const report = documentOf(run.stdout);
    if (!("error" in report)) throw new Error("expected an error document");
    expect(report.error.exitCode).toBe(3);
    expect(report.error.message).toContain("***");
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stderr).not.toContain(SECRET);
  });
  it("masks it in the SARIF log's notification too", async () => {
    await project.write("contract.json", {
      failListWithEnv: "FIXTURE_KEY",
      tools: [simpleTool("ping")],
    });
    const run = await runCliCaptured(["check", "--live", "--format", "sarif"], project.dir);
    expect(run.code).toBe(3);
    const log = JSON.parse(run.stdout) as SarifLog;
    const [invocation] = log.runs[0].invocations;
    expect(invocation).toMatchObject({ executionSuccessful: false, exitCode: 3 });
    expect(invocation.toolExecutionNotifications![0]!.message.text).toContain("***");
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stderr).not.toContain(SECRET);
  });
});

describe("check's next step after drift", () => {
  let project: TempProject;
  const serve = (tools: unknown[]) =>
    project.write("contract.json", { serverInfo: { name: "search", version: "1.0.0" }, tools });

  beforeAll(async () => {
    project = await createTempProject("check-next-step");
    await serve([search(BASE, ["query"]), simpleTool("lookup")]);
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("config/search.json", { servers: { search: { command, args } } });
    const run = await runCliCaptured(["pull", "--config", "config/search.json"], project.dir);
    expect(run.code).toBe(0);
  });
  afterAll(() => project.remove());

  it("names the tools that broke and the pull to run, with the --config given", async () => {
    await serve([search(NARROWED, ["query", "region"])]);
    const run = await runCliCaptured(
      ["check", "--live", "--config", "config/search.json"],
      project.dir,
    );
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      'error: search: breaking drift in tool "lookup", tool "search"; run `mcp-codegen pull --config config/search.json` to update the snapshot and client, then fix the code that uses them',
    ]);
    expect(run.stdout).toContain(
      "search: Contract drift: 3 breaking changes, 0 changes to review, 0 compatible changes",
    );
  });

  it("gives no next step for compatible drift, and the generate to run for edited files", async () => {
    await serve([search(BASE, ["query"]), simpleTool("lookup"), simpleTool("extra")]);
    await project.write("config/mcp/search/tools/lookup.ts", "// a local edit\n");
    const run = await runCliCaptured(
      ["check", "--live", "--config", "config/search.json"],
      project.dir,
    );
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      "error: search: tools/lookup.ts differs from what the snapshot generates",
      "error: search: 1 file(s) out of date; run `mcp-codegen generate --config config/search.json`",
    ]);
    expect(run.stdout).toContain('search:   tool "extra": added [tool-added]');
  });

  it("quotes a path with a space in the generate it suggests", async () => {
    const snapshot = "config/mcp/search/mcp.snapshot.json";
    const generated = await runCliCaptured(
      ["generate", "--snapshot", snapshot, "--out", "my out"],
      project.dir,
    );
    expect(generated.code).toBe(0);
    await project.write("my out/tools/search.ts", "// a local edit\n");
    const run = await runCliCaptured(
      ["check", "--snapshot", snapshot, "--out", "my out"],
      project.dir,
    );
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      `error: ${snapshot}: tools/search.ts differs from what the snapshot generates`,
      `error: ${snapshot}: 1 file(s) out of date; run \`mcp-codegen generate --snapshot ${snapshot} --out 'my out'\``,
    ]);
  });
});

describe("check's next step after wide breaking drift", () => {
  let project: TempProject;
  const names = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"];

  beforeAll(async () => {
    project = await createTempProject("check-next-step-wide");
    await project.write("contract.json", { tools: names.map((name) => simpleTool(name)) });
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("mcp-codegen.config.json", { servers: { wide: { command, args } } });
    expect((await runCliCaptured(["pull"], project.dir)).code).toBe(0);
  });
  afterAll(() => project.remove());

  it("names the first five things that broke and counts the rest", async () => {
    await project.write("contract.json", { tools: [simpleTool("b1")] });
    const run = await runCliCaptured(["check", "--live"], project.dir);
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      'error: wide: breaking drift in tool "a1", tool "a2", tool "a3", tool "a4", tool "a5" and 2 more; run `mcp-codegen pull` to update the snapshot and client, then fix the code that uses them',
    ]);
  });
});
