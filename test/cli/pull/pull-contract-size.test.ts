/**
 * `pull` bounds how much of a server's contract it reads: one entry (or the instructions) past
 * MAX_ENTRY_SIZE is left out with a warning; entries past MAX_CONTRACT_SIZE together fail the pull
 * with exit 3 and one line naming the limit, before the rest is buffered.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONTRACT_SIZE } from "../../../cli/pull/contract-checks.js";
import { ExitCode } from "../../../cli/terminal/exit-codes.js";
import { MAX_ENTRY_SIZE } from "../../../templates/contract-entries.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";
import { typeScriptFiles } from "../../support/golden-cases.js";
import { assertRuntimeBuilt } from "../../support/typecheck.js";

let project: TempProject;

beforeAll(async () => {
  assertRuntimeBuilt();
  project = await createTempProject("contract-size");
});
afterAll(() => project.remove());

function pull(file: string, out: string) {
  return runCliCaptured(["pull", "--out", out, "--", ...contractServerCommand(file)], project.dir);
}

describe("the size of a contract is bounded", () => {
  const toolOfSize = (name: string, size: number) => ({
    ...simpleTool(name),
    description: "x".repeat(size),
  });

  it("leaves out one tool larger than the entry bound, with a warning, and keeps the rest", async () => {
    const file = await project.write("size/entry.json", {
      tools: [toolOfSize("huge", MAX_ENTRY_SIZE), simpleTool("ok")],
    });
    const run = await pull(file, "size-out/entry");
    expect(linesOf(run.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning: .*tools\\[0\\] \\("huge"\\) left out: larger than ${MAX_ENTRY_SIZE} characters`,
        ),
      ),
    ]);
    expect(run.code).toBe(ExitCode.Ok);
    expect(typeScriptFiles(project.path("size-out/entry")).map((f) => f.split("/").at(-1))).toEqual(
      ["all-tools.ts", "index.ts", "mock.ts", "ok.ts"],
    );
  });

  it("leaves out instructions longer than the entry bound, with a warning", async () => {
    const file = await project.write("size/instructions.json", {
      instructions: "i".repeat(MAX_ENTRY_SIZE + 1),
      tools: [simpleTool("ok")],
    });
    const run = await pull(file, "size-out/instructions");
    expect(linesOf(run.stderr)).toEqual([
      expect.stringMatching(/^warning: .*instructions \(4194305 characters\) are longer than/),
    ]);
    expect(run.code).toBe(ExitCode.Ok);
    const snapshot = await readFile(
      project.path("size-out/instructions/mcp.snapshot.json"),
      "utf8",
    );
    expect(snapshot).not.toContain('"instructions"');
  });

  it("fails with exit 3 and one line naming the limit when the entries together pass it", async () => {
    const each = MAX_ENTRY_SIZE - 1024;
    const count = Math.ceil(MAX_CONTRACT_SIZE / each) + 1;
    const tools = Array.from({ length: count }, (_, i) => toolOfSize(`t${i}`, each));
    const file = await project.write("size/total.json", { tools });
    const run = await pull(file, "size-out/total");
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(run.stderr).toMatch(
      new RegExp(`more than ${MAX_CONTRACT_SIZE / 1024 / 1024} MiB of JSON, mcp-codegen's limit`),
    );
    expect(run.code).toBe(ExitCode.Server);
  }, 60_000);
});
