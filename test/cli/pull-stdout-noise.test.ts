/**
 * `pull` from a server that logs to stdout: one warning for the whole pull, with a count and the
 * first line, and the pull still succeeds. In-process CLI, real server process.
 */
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("stdout-noise");
});
afterAll(() => project.remove());

/** A script that prints `lines` to stdout, then runs the contract server on `contract`. */
async function chattyServer(name: string, lines: string[]): Promise<string[]> {
  const contract = await project.write(`${name}.json`, { tools: [simpleTool("ping")] });
  const [node, server] = contractServerCommand(contract);
  const script = [
    ...lines.map((line) => `console.log(${JSON.stringify(line)});`),
    `await import(${JSON.stringify(pathToFileURL(server!).href)});`,
  ].join("\n");
  const wrapper = await project.write(`${name}.mjs`, script);
  return [node, wrapper, contract];
}

describe("pull from a server that logs to stdout", () => {
  it("warns once, counting the lines and quoting the first", async () => {
    const command = await chattyServer("three", ["Listening on port 3000", "ready", "[db] ok"]);
    const run = await runCliCaptured(["pull", "--out", "three", "--", ...command], project.dir);
    expect(run.code).toBe(ExitCode.Ok);
    const warnings = run.stderr.split("\n").filter((line) => line.startsWith("warning:"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /wrote 3 lines to stdout that are not JSON-RPC \(first: "Listening on port 3000"\); servers must log to stderr$/,
    );
  });

  it("says nothing for a server that keeps stdout clean", async () => {
    const command = await chattyServer("clean", []);
    const run = await runCliCaptured(["pull", "--out", "clean", "--", ...command], project.dir);
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stderr).not.toContain("warning:");
  });
});
