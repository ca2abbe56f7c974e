/**
 * `pull`'s stdio flags: `--cwd` starts the server in that folder, and `--timeout` bounds how long
 * each request may wait (a server that never answers fails the pull with exit 3, not a hang).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject("stdio-flags");
  // Only inside `server/`: the server finds it through a relative path, so only from there.
  await project.write("server/contract.json", { tools: [simpleTool("ping")] });
});
afterAll(() => project.remove());

describe("pull --cwd", () => {
  const [node, script] = contractServerCommand("contract.json");

  it("starts the server in that folder", async () => {
    const run = await runCliCaptured(
      ["pull", "--cwd", "server", "--out", "out", "--", node, script!, "contract.json"],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(ExitCode.Ok);
    expect(run.stdout).toMatch(/: 1 tool, 0 prompts, 0 resources, 0 resource templates → /);
  });

  it("is what makes it work: without it the same server cannot start", async () => {
    const run = await runCliCaptured(
      ["pull", "--out", "out-2", "--", node, script!, "contract.json"],
      project.dir,
    );
    expect(run.code).toBe(ExitCode.Server);
  });
});

describe("pull --timeout", () => {
  it("fails a server that never answers, in one line that names the timeout", async () => {
    const silent = [process.execPath, "-e", "setInterval(() => {}, 1000)"];
    const run = await runCliCaptured(
      ["pull", "--timeout", "300", "--out", "silent", "--", ...silent],
      project.dir,
    );
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^error: [^\n]*never answered server\/discover, then initialize within 300 ms \(--timeout\) \(gave up after \d+\.\d s\)[^\n]*\n$/,
    );
    expect(run.code).toBe(ExitCode.Server);
  });

  it("refuses a value that is not a positive whole number", async () => {
    const run = await runCliCaptured(
      ["pull", "--timeout", "soon", "--url", "http://x"],
      project.dir,
    );
    expect(run.stderr).toMatch(/^error: .*--timeout.*\n$/);
    expect(run.code).toBe(ExitCode.Usage);
  });

  // A timer cannot wait longer than 2^31 - 1 ms: above it, setTimeout fired after 1 ms.
  for (const given of ["2147483648", "3000000000", "9007199254740991"]) {
    it(`refuses ${given}, longer than a timer can wait, naming the limit`, async () => {
      const run = await runCliCaptured(
        ["pull", "--timeout", given, "--url", "http://x"],
        project.dir,
      );
      expect(run.stderr).toMatch(/^error: .*--timeout.*at most 2147483647 ms.*\n$/);
      expect(run.code).toBe(ExitCode.Usage);
    });
  }
});
