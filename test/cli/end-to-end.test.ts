/**
 * End to end: pull the kitchen sink over stdio and over HTTP, compile what was generated together
 * with a program that uses it (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess;
 * nodenext and bundler), then run that program against the live server over both transports and
 * check every answer. Also runs the built bin as a real child process.
 */
import { access, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOGO_BYTES,
  README_TEXT,
  kitchenSinkStdio,
  startKitchenSinkHttp,
} from "../fixtures/servers/index.js";
import type { RunningHttpServer } from "../fixtures/servers/loopback.js";
import { runNode, TSX_LOADER, type ChildRun } from "../support/cli-child.js";
import { compileStrict, type Resolution } from "../support/cli-compile.js";
import { readTree } from "../support/cli-files.js";
import { kitchenSinkUsageSource } from "../support/cli-kitchen-sink-usage.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";

const sink = kitchenSinkStdio();
const BIN = join(REPO_ROOT, "dist/cli/main.js");

let project: TempProject;
let server: RunningHttpServer;

beforeAll(async () => {
  project = await createTempProject("end-to-end");
  server = await startKitchenSinkHttp();
  const [overStdio, overHttp] = await Promise.all([
    runCliCaptured(["pull", "--out", "mcp/stdio", "--", sink.command, ...sink.args], project.dir),
    runCliCaptured(["pull", "--out", "mcp/http", "--url", server.url], project.dir),
  ]);
  expect(overStdio.stderr + overHttp.stderr).toBe("");
  expect([overStdio.code, overHttp.code]).toEqual([0, 0]);
  await project.write("usage-stdio.ts", kitchenSinkUsageSource("./mcp/stdio/index.js"));
  await project.write("usage-http.ts", kitchenSinkUsageSource("./mcp/http/index.js"));
});
afterAll(async () => {
  await server.close();
  await project.remove();
});

it("generates the same client from stdio and from HTTP", async () => {
  expect(await readTree(project.path("mcp/http"))).toEqual(
    await readTree(project.path("mcp/stdio")),
  );
});

it.each<Resolution>(["nodenext", "bundler"])(
  "compiles, with a program using it, under strict %s settings",
  (resolution) => {
    const files = [
      project.path("usage-stdio.ts"),
      project.path("usage-http.ts"),
      project.path("mcp/stdio/index.ts"),
    ];
    expect(compileStrict(files, resolution)).toEqual([]);
  },
);

describe.each(["stdio", "http"] as const)(
  "every call through the generated client over %s",
  (transport) => {
    let results: Record<string, unknown>;

    beforeAll(async () => {
      const target =
        transport === "stdio" ? { command: sink.command, args: sink.args } : { url: server.url };
      const run = await runNode(
        ["--import", TSX_LOADER, project.path(`usage-${transport}.ts`), JSON.stringify(target)],
        project.dir,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      results = JSON.parse(run.stdout) as Record<string, unknown>;
    });

    it("tools with typed structuredContent", () => {
      expect(results.echo).toBe("héllo \u2603");
      expect(results.add).toBe(42);
      expect(results.sumList).toEqual({ result: 3.3, count: 2 });
    });

    it("a tool's own failure as a result with isError", () => {
      expect(results.fail).toBe("this tool always fails");
    });

    it("progress through onProgress", () => {
      expect(results.slow).toEqual({
        steps: 3,
        progress: [
          { progress: 1, total: 3 },
          { progress: 2, total: 3 },
          { progress: 3, total: 3 },
        ],
      });
    });

    it("cancellation through an AbortSignal, seen by the server", () => {
      expect(results.waitForCancel).toBe("cancelled");
      expect(results.cancelledRequests).toBeGreaterThanOrEqual(1);
    });

    it("the prompt", () => {
      expect(results.greet).toEqual(["Ahoy, Ada!", "Greeting delivered."]);
    });

    it("both static resources and both templates, expanded per RFC 6570", () => {
      expect(results.resources).toEqual([
        [{ uri: "file:///readme.txt", text: README_TEXT }],
        [{ uri: "file:///logo.png", blob: Buffer.from(LOGO_BYTES).toString("base64") }],
        [{ uri: "greeting://bob", text: "Hello, bob!" }],
        [{ uri: "users://7/posts?limit=2", text: "post 1 by 7\npost 2 by 7" }],
      ]);
    });
  },
);

describe("the built bin (dist/cli/main.js) as a child process", () => {
  let pulled: ChildRun;

  beforeAll(async () => {
    await expect(access(BIN), "dist/cli/main.js is missing: run `npm run build`").resolves.toBe(
      undefined,
    );
    pulled = await runNode([BIN, "pull", "--out", "mcp/bin", "--url", server.url], project.dir);
  });

  it("pulls over HTTP, quietly when piped, with one summary line", () => {
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);
    expect(pulled.stdout.startsWith(`${server.url}: 7 tools, 1 prompt`)).toBe(true);
    expect(pulled.stdout).toMatch(
      /, 2 resources, 2 resource templates → .*\/mcp\/bin \(16 written, 0 unchanged\)\n$/,
    );
  });

  it("writes what the in-process pull wrote", async () => {
    expect(
      await readTree(project.path("mcp/bin")),
      "the bin generated other bytes than the sources: is dist/ up to date (`npm run build`)?",
    ).toEqual(await readTree(project.path("mcp/http")));
  });

  it("exits with the documented codes: 2 usage, 0 up to date, 1 drift", async () => {
    const usage = await runNode([BIN, "pull", "--no-such-flag"], project.dir);
    expect(usage.stdout).toBe("");
    expect(usage.stderr).toMatch(/^error: .*--no-such-flag/);
    expect(usage.code).toBe(2);
    const clean = await runNode([BIN, "check", "--out", "mcp/bin"], project.dir);
    expect(clean.stderr).toBe("");
    expect(clean.code).toBe(0);
    await writeFile(project.path("mcp/bin/index.ts"), "// a local edit\n", { flag: "a" });
    const drift = await runNode([BIN, "check", "--out", "mcp/bin"], project.dir);
    expect(drift.stderr).toMatch(/index\.ts differs/);
    expect(drift.code).toBe(1);
  });
});
