/**
 * `pull --url` from server-everything over both HTTP transports it offers: the snapshot records
 * the initialize-era version, and for the deprecated HTTP+SSE transport `httpTransport: "sse"`,
 * which the generated factory passes on so the client opens that transport directly.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";
import { freePort, startEverythingHttp, stopEverythingHttp } from "../support/everything-http.js";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("legacy-pull-http");
});
afterAll(async () => {
  await stopEverythingHttp();
  await project.remove();
});

async function pulled(out: string): Promise<{ snapshot: Record<string, unknown>; index: string }> {
  const folder = join(project.dir, out);
  const snapshot = JSON.parse(await readFile(join(folder, "mcp.snapshot.json"), "utf8")) as Record<
    string,
    unknown
  >;
  return { snapshot, index: await readFile(join(folder, "index.ts"), "utf8") };
}

describe("pull --url from an initialize-era HTTP server", () => {
  it("over Streamable HTTP: records the version, and no transport", async () => {
    const port = await freePort();
    await startEverythingHttp("streamableHttp", port);
    const run = await runCliCaptured(
      ["pull", "--url", `http://127.0.0.1:${port}/mcp`, "--out", "http"],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(ExitCode.Ok);
    const { snapshot, index } = await pulled("http");
    expect(snapshot.protocolVersion).toBe("2025-11-25");
    expect(snapshot).not.toHaveProperty("httpTransport");
    expect(index).toContain('prior: { era: "legacy", protocolVersion: "2025-11-25" }');
  });

  it("over HTTP+SSE: records httpTransport sse, and the factory passes it on", async () => {
    const port = await freePort();
    await startEverythingHttp("sse", port);
    const run = await runCliCaptured(
      ["pull", "--url", `http://127.0.0.1:${port}/sse`, "--out", "sse"],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(ExitCode.Ok);
    const { snapshot, index } = await pulled("sse");
    expect(snapshot.httpTransport).toBe("sse");
    expect(index).toContain(
      'prior: { era: "legacy", protocolVersion: "2025-11-25", httpTransport: "sse" }',
    );
  });
});
