/**
 * `--snapshot` naming some other file (a generated index.ts, package.json) is told that it is not
 * a snapshot file and which file is, instead of being read as a broken snapshot.
 */
import { copyFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { readSnapshotFile } from "../../cli/output/load-snapshot.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const GOLDEN_SNAPSHOT = fileURLToPath(
  new URL("../golden/task-forms/mcp.snapshot.json", import.meta.url),
);

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("snapshot-file");
});
afterAll(() => project.remove());

const generate = (...argv: string[]) => runCliCaptured(["generate", ...argv], project.dir);

describe("generate --snapshot with a file that is not a snapshot", () => {
  it("a generated TypeScript file: names the snapshot pull would write", async () => {
    await project.write("src/mcp/notes/index.ts", "export * from './client.js';\n");
    const run = await generate("--snapshot", "src/mcp/notes/index.ts");
    expect(run.code).toBe(ExitCode.Usage);
    expect(run.stderr).toBe(
      "error: src/mcp/notes/index.ts is not a snapshot file: a snapshot is the mcp.snapshot.json that `mcp-codegen pull` writes into the output folder; run `mcp-codegen pull` to write src/mcp/notes/mcp.snapshot.json\n",
    );
  });

  it("points to the folder's snapshot when there is one", async () => {
    await project.write("src/mcp/tasks/index.ts", "export {};\n");
    await copyFile(GOLDEN_SNAPSHOT, project.path("src/mcp/tasks/mcp.snapshot.json"));
    const run = await generate("--snapshot", "src/mcp/tasks/index.ts");
    expect(run.code).toBe(ExitCode.Usage);
    expect(run.stderr).toMatch(
      /not a snapshot file: .*; use src\/mcp\/tasks\/mcp\.snapshot\.json\n$/,
    );
  });

  it("a JSON file without the snapshot's marker", async () => {
    await project.write("package.json", { name: "app", version: "1.0.0" });
    const run = await generate("--snapshot", "package.json");
    expect(run.stderr).toMatch(/^error: package\.json is not a snapshot file/);
  });

  it("a damaged mcp.snapshot.json is still reported as damaged", async () => {
    await project.write("broken/mcp.snapshot.json", '{ "formatVersion": ');
    const run = await generate("--snapshot", "broken/mcp.snapshot.json");
    expect(run.stderr).toMatch(/not valid JSON/);
  });

  it("any file that is not JSON and not named .json is not a snapshot file (property)", async () => {
    await mkdir(project.path("any"), { recursive: true });
    let index = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json().filter((text) => !text.includes("formatVersion")),
        ),
        fc.constantFrom(".ts", ".js", ".md", ""),
        async (content, extension) => {
          const name = `any/file-${index++}${extension}`;
          const path = await project.write(name, content);
          const error: unknown = await readSnapshotFile(path, name).catch((e: unknown) => e);
          expect(String(error)).toContain(`${name} is not a snapshot file`);
          expect(String(error)).not.toContain("not valid JSON");
        },
      ),
      { numRuns: 40 },
    );
  });
});
