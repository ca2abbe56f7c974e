/**
 * Rough edges of the first run (issue 26): `--out` under a file is a usage error naming the
 * file, not a crash (exit 70); a URL without a scheme suggests http://, for `pull` and `init`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("out-under-file");
  await project.write("contract.json", { tools: [simpleTool("ping")] });
  await project.write("a/file", "not a folder\n");
});
afterAll(() => project.remove());

describe("first-run rough edges", () => {
  it("pull --out under a file is a usage error naming the file (exit 2)", async () => {
    const command = contractServerCommand(project.path("contract.json"));
    const run = await runCliCaptured(
      ["pull", "--out", "a/file/sub", "--", ...command],
      project.dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("a file is in the way");
    expect(run.stderr).toContain("--out");
  });

  it.each([
    [["pull", "--url", "localhost:3000/mcp"]],
    [["pull", "--url", "example.com/mcp"]],
    [["init", "--url", "localhost:3000/mcp", "--json"]],
  ])("%j suggests http://", async (argv) => {
    const run = await runCliCaptured(argv, project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("put http:// or https:// before it");
  });
});
