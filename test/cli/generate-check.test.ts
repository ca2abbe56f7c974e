/**
 * `mcp-codegen generate` and `mcp-codegen check`, in-process: regeneration from the snapshot
 * alone gives the bytes `pull` wrote; `check` finds edited, missing and stale files; `check
 * --live` classifies how a changed server's contract drifted.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startKitchenSinkHttp } from "../fixtures/servers/index.js";
import type { RunningHttpServer } from "../fixtures/servers/loopback.js";
import { listTree, modificationTimes, readTree } from "../support/cli-files.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

const GENERATED_FOLDERS = ["all-tools.ts", "index.ts", "mock.ts", "tools", "prompts", "resources"];

describe("generate", () => {
  let project: TempProject;
  let pulled: Record<string, string>;

  beforeAll(async () => {
    project = await createTempProject("generate");
    const server = await startKitchenSinkHttp();
    try {
      await project.write("mcp-codegen.config.json", { servers: { sink: { url: server.url } } });
      const run = await runCliCaptured(["pull"], project.dir);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
    } finally {
      // Closed before any generate runs: generating must need no server at all.
      await server.close();
    }
    pulled = await readTree(project.path("mcp/sink"));
  });
  afterAll(() => project.remove());

  async function deleteGenerated(): Promise<void> {
    for (const entry of GENERATED_FOLDERS) {
      await rm(project.path("mcp/sink", entry), { recursive: true, force: true });
    }
    expect(await listTree(project.path("mcp/sink"))).toEqual(["mcp.snapshot.json"]);
  }

  it("writes the same bytes as pull, from the snapshot alone (cold cache, other folder)", async () => {
    await deleteGenerated();
    // A different working folder has no generation cache: the bytes cannot come from it.
    const elsewhere = await createTempProject("generate-elsewhere");
    try {
      const run = await runCliCaptured(
        ["generate", "--out", project.path("mcp/sink")],
        elsewhere.dir,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/\(15 written, 1 unchanged\)\n$/);
    } finally {
      await elsewhere.remove();
    }
    expect(await readTree(project.path("mcp/sink"))).toEqual(pulled);
  });

  it("regenerates every server of the config when given no flags", async () => {
    await deleteGenerated();
    const run = await runCliCaptured(["generate"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      `sink: 16 files → ${project.path("mcp/sink")} (15 written, 1 unchanged)`,
    ]);
    expect(await readTree(project.path("mcp/sink"))).toEqual(pulled);
  });

  it("needs none of the config's ${VAR} secrets: they are for connecting, not generating", async () => {
    await deleteGenerated();
    const config = JSON.parse(await readFile(project.path("mcp-codegen.config.json"), "utf8"));
    const withSecret = {
      servers: {
        sink: {
          ...config.servers.sink,
          headers: { Authorization: "Bearer ${MCP_CODEGEN_TEST_UNSET_TOKEN}" },
        },
      },
    };
    await project.write("mcp-codegen.config.json", withSecret);
    try {
      expect(process.env.MCP_CODEGEN_TEST_UNSET_TOKEN).toBeUndefined();
      const run = await runCliCaptured(["generate"], project.dir);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(await readTree(project.path("mcp/sink"))).toEqual(pulled);
      expect((await runCliCaptured(["check"], project.dir)).code).toBe(0);
    } finally {
      await project.write("mcp-codegen.config.json", config);
    }
  });

  it("reads --snapshot and writes nothing when everything is up to date", async () => {
    const before = await modificationTimes(project.path("mcp/sink"));
    const run = await runCliCaptured(
      ["generate", "--snapshot", "mcp/sink/mcp.snapshot.json"],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\(0 written, 16 unchanged\)\n$/);
    expect(await modificationTimes(project.path("mcp/sink"))).toEqual(before);
  });
});

describe("check", () => {
  let project: TempProject;
  let server: RunningHttpServer;
  const out = "out/sink";
  const label = "out/sink/mcp.snapshot.json";

  beforeAll(async () => {
    project = await createTempProject("check");
    server = await startKitchenSinkHttp();
    const run = await runCliCaptured(["pull", "--out", out, "--url", server.url], project.dir);
    expect(run.code).toBe(0);
    await server.close();
  });
  afterAll(() => project.remove());
  // Each case starts from a clean output folder.
  beforeEach(async () => {
    expect((await runCliCaptured(["generate", "--out", out], project.dir)).code).toBe(0);
  });

  const check = () => runCliCaptured(["check", "--out", out], project.dir);

  it("exits 0 when the files match the snapshot", async () => {
    const run = await check();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${label}: up to date\n`);
  });

  it("reads --snapshot as generate does (the option its own errors suggest)", async () => {
    const edited = project.path(out, "tools/echo.ts");
    const original = await readFile(edited, "utf8");
    const bySnapshot = () =>
      runCliCaptured(["check", "--snapshot", `${out}/mcp.snapshot.json`], project.dir);
    expect(await bySnapshot()).toMatchObject({ code: 0, stdout: `${label}: up to date\n` });
    await writeFile(edited, `${original}// a local edit\n`);
    expect((await bySnapshot()).code).toBe(1);
    const live = await runCliCaptured(
      ["check", "--live", "--snapshot", `${out}/mcp.snapshot.json`],
      project.dir,
    );
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/--snapshot cannot name one/);
  });

  it("exits 1 and names a generated file that was edited", async () => {
    const file = project.path(out, "tools/echo.ts");
    await writeFile(file, `${await readFile(file, "utf8")}// a local edit\n`);
    const run = await check();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(linesOf(run.stderr)).toEqual([
      `error: ${label}: tools/echo.ts differs from what the snapshot generates`,
      `error: ${label}: 1 file(s) out of date; run \`mcp-codegen generate --out out/sink\``,
    ]);
  });

  it("exits 1 and names a generated file that is missing", async () => {
    await rm(project.path(out, "resources/logo.ts"));
    const run = await check();
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      `error: ${label}: resources/logo.ts is missing`,
      `error: ${label}: 1 file(s) out of date; run \`mcp-codegen generate --out out/sink\``,
    ]);
  });

  it("exits 1 and names files a changed snapshot no longer produces, and what it changes", async () => {
    const path = project.path(out, "mcp.snapshot.json");
    const snapshot = JSON.parse(await readFile(path, "utf8")) as { tools: Array<{ name: string }> };
    snapshot.tools = snapshot.tools.filter((tool) => tool.name !== "add");
    await writeFile(path, `${JSON.stringify(snapshot, null, 2)}\n`);
    const run = await check();
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      `error: ${label}: all-tools.ts differs from what the snapshot generates`,
      `error: ${label}: index.ts differs from what the snapshot generates`,
      // The snapshot's own list of generated files still names tools/add.ts.
      `error: ${label}: mcp.snapshot.json differs from what the snapshot generates`,
      `error: ${label}: mock.ts differs from what the snapshot generates`,
      `error: ${label}: tools/add.ts is generated but no longer produced (stale)`,
      `error: ${label}: 5 file(s) out of date; run \`mcp-codegen generate --out out/sink\``,
    ]);
    // generate brings the folder back in line, stale file removed.
    const generate = await runCliCaptured(["generate", "--out", out], project.dir);
    expect(generate.stdout).toMatch(/removed 1 stale\)\n$/);
    expect((await check()).code).toBe(0);
    expect(await listTree(project.path(out, "tools"))).not.toContain("add.ts");
  });
});

describe("check --live against the HTTP kitchen sink", () => {
  let project: TempProject;
  let server: RunningHttpServer;

  beforeAll(async () => {
    project = await createTempProject("check-live-http");
    server = await startKitchenSinkHttp();
    await writeConfig({ exclude: ["echo"] });
    const run = await runCliCaptured(["pull"], project.dir);
    expect(run.code).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    await project.remove();
  });

  const writeConfig = (filter: { exclude?: string[] }) =>
    project.write("mcp-codegen.config.json", { servers: { sink: { url: server.url, ...filter } } });

  async function checkLive() {
    const before = await modificationTimes(project.path("mcp/sink"));
    const run = await runCliCaptured(["check", "--live"], project.dir);
    // Checking never writes.
    expect(await modificationTimes(project.path("mcp/sink"))).toEqual(before);
    return run;
  }

  it("exits 0 when the server offers what the snapshot says", async () => {
    await writeConfig({ exclude: ["echo"] });
    const run = await checkLive();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      "sink: up to date",
      "sink: the server's contract matches the snapshot",
    ]);
  });

  it("exits 0 on compatible drift (a tool added) and lists it", async () => {
    await writeConfig({});
    const run = await checkLive();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "sink: Contract drift: 0 breaking changes, 0 changes to review, 1 compatible change",
    );
    expect(run.stdout).toContain('sink:   tool "echo": added [tool-added]');
  });

  it("exits 1 on breaking drift (a tool removed) and lists it apart from compatible changes", async () => {
    await writeConfig({ exclude: ["add", "greet"] });
    const run = await checkLive();
    expect(run.code).toBe(1);
    const lines = linesOf(run.stdout);
    expect(lines).toContain(
      "sink: Contract drift: 2 breaking changes, 0 changes to review, 1 compatible change",
    );
    const breaking = lines.indexOf("sink: Breaking:");
    const compatible = lines.indexOf("sink: Compatible:");
    expect(breaking).toBeGreaterThan(-1);
    expect(compatible).toBeGreaterThan(breaking);
    const section = lines.slice(breaking, compatible);
    expect(section).toContain('sink:   prompt "greet": removed [prompt-removed]');
    expect(section).toContain('sink:   tool "add": removed [tool-removed]');
    expect(lines.slice(compatible)).toContain('sink:   tool "echo": added [tool-added]');
  });
});

describe("check --live against a server whose schemas changed", () => {
  let project: TempProject;

  const search = (properties: Record<string, unknown>, required: string[]) => ({
    ...simpleTool("search", properties, required),
    outputSchema: { type: "object", properties: { hits: { type: "integer" } }, required: ["hits"] },
  });
  const BASE = {
    query: { type: "string" },
    mode: { type: "string", enum: ["fast", "deep", "exact"] },
  };

  beforeAll(async () => {
    project = await createTempProject("check-live-schema");
    await serve([search(BASE, ["query"])]);
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("mcp-codegen.config.json", { servers: { search: { command, args } } });
    const run = await runCliCaptured(["pull"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
  afterAll(() => project.remove());

  /** Changes what the server offers from its next start on. */
  const serve = (tools: unknown[]) =>
    project.write("contract.json", { serverInfo: { name: "search", version: "1.0.0" }, tools });

  it("exits 0 when the input only widened (a new optional argument, a new tool)", async () => {
    await serve([
      search({ ...BASE, lang: { type: "string" } }, ["query"]),
      simpleTool("suggest", { prefix: { type: "string" } }, ["prefix"]),
    ]);
    const run = await runCliCaptured(["check", "--live"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "search: Contract drift: 0 breaking changes, 0 changes to review, 2 compatible changes",
    );
    expect(run.stdout).toContain('tool "suggest": added [tool-added]');
    expect(run.stdout).toContain(
      'search:   tool "search": argument "lang": added, optional [input-property-added]',
    );
  });

  it("exits 1 on a new required argument and a narrowed enum", async () => {
    await serve([
      search(
        { ...BASE, mode: { type: "string", enum: ["fast", "deep"] }, region: { type: "string" } },
        ["query", "region"],
      ),
    ]);
    const run = await runCliCaptured(["check", "--live"], project.dir);
    expect(run.code).toBe(1);
    const lines = linesOf(run.stdout);
    expect(lines).toContain(
      "search: Contract drift: 2 breaking changes, 0 changes to review, 0 compatible changes",
    );
    expect(lines).toContain(
      'search:   tool "search": argument "region": added, required [input-required-property-added]',
    );
    expect(lines).toContain(
      'search:   tool "search": argument "mode": no longer allows "exact" [input-enum-narrowed]',
    );
  });

  it("exits 1 when the output changed in a way the generated type cannot read", async () => {
    await serve([
      {
        ...search(BASE, ["query"]),
        outputSchema: {
          type: "object",
          properties: { hits: { type: "string" } },
          required: ["hits"],
        },
      },
    ]);
    const run = await runCliCaptured(["check", "--live"], project.dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "search: Contract drift: 1 breaking change, 0 changes to review, 0 compatible changes",
    );
    expect(run.stdout).toContain(
      'search:   tool "search": output "hits": type changed from integer to string [output-type-changed]',
    );
  });
});
