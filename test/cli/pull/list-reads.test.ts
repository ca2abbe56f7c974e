/**
 * One failing list does not sink a pull: a server built with the official SDK that advertises
 * tools, prompts and resources and fails one list (as server-postgres fails `resources/list`
 * without its database) is pulled with a warning, that section empty and recorded as unlisted in
 * the snapshot; `--strict` keeps it a warning (a server fault weakens no type). A failing
 * `tools/list` with nothing else offered still fails the pull. Real child processes.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../../cli/terminal/exit-codes.js";
import type { Snapshot } from "../../../templates/index.js";
import { faultyListsStdio } from "../../fixtures/servers/index.js";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("list-faults");
});
afterAll(() => project.remove());

async function pull(failing: readonly string[], out: string, ...flags: string[]) {
  const server = faultyListsStdio(failing);
  const run = await runCliCaptured(
    ["pull", ...flags, "--out", out, "--", server.command, ...server.args],
    project.dir,
  );
  const snapshot = async () =>
    JSON.parse(await readFile(project.path(out, "mcp.snapshot.json"), "utf8")) as Snapshot;
  return { ...run, snapshot };
}

const SECTIONS = [
  { method: "resources/list", key: "resources" },
  { method: "prompts/list", key: "prompts" },
  { method: "resources/templates/list", key: "resourceTemplates" },
  { method: "tools/list", key: "tools" },
] as const;

describe("a list the server fails", () => {
  it.each(SECTIONS)(
    "$method failing: a warning, that section empty and recorded, the rest generated",
    async ({ method, key }) => {
      const out = `one-${key}`;
      const run = await pull([method], out);
      expect(run.stderr).not.toMatch(/^error:/m);
      expect(run.code).toBe(ExitCode.Ok);
      expect(run.stderr).toMatch(
        new RegExp(
          `^warning: .*the server failed ${method.replaceAll("/", "\\/")} \\(-32603: connect ECONNREFUSED 127\\.0\\.0\\.1:5432 .*\\); its section is left empty`,
          "m",
        ),
      );
      const snapshot = await run.snapshot();
      expect(snapshot[key]).toEqual([]);
      expect(snapshot.unlisted).toEqual({
        [key]: { code: -32603, message: `connect ECONNREFUSED 127.0.0.1:5432 (${method})` },
      });
      // Every other section was read.
      for (const other of SECTIONS.filter((section) => section.key !== key)) {
        expect(snapshot[other.key]).toHaveLength(1);
      }
    },
  );

  it("stays a warning under --strict: a server fault weakens no generated type", async () => {
    const run = await pull(["resources/list"], "strict", "--strict");
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stderr).toMatch(/^warning: .*the server failed resources\/list/m);
    expect((await run.snapshot()).unlisted?.resources?.code).toBe(-32603);
  });

  it("fails the pull when tools/list fails and no other list gives anything", async () => {
    const run = await pull(
      ["tools/list", "prompts/list", "resources/list", "resources/templates/list"],
      "all",
    );
    expect(run.code).toBe(ExitCode.Server);
    // One line: no warning about the lists ahead of the error that ends the pull.
    expect(run.stderr).not.toMatch(/^warning:/m);
    expect(run.stderr).toMatch(
      /^error: .*failed while reading its contract: .*ECONNREFUSED 127\.0\.0\.1:5432 \(tools\/list\)/m,
    );
  });

  it("writes no unlisted section when every list is read", async () => {
    const run = await pull([], "fine");
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stderr).toBe("");
    expect(await run.snapshot()).not.toHaveProperty("unlisted");
  });
});
