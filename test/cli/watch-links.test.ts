/**
 * `pull --watch` does not follow links: a link in a watched folder (to a folder or to a file
 * outside the project) cannot make the watch observe, and pull again on, files elsewhere. A real
 * server process, real files; the change inside the project is the point the test waits for.
 */
import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTempProject, linesOf, REPO_ROOT, type TempProject } from "../support/cli-run.js";
import { simpleTool } from "../support/cli-servers.js";
import { startWatch, summaryCount, type WatchRun } from "../support/cli-watch.js";

/** Room for a server start on a busy two-core machine; a net for hangs, not a speed check. */
const WAIT = { timeout: 60_000, interval: 100 };

let project: TempProject;
let outside: TempProject;
let run: WatchRun;
const contract = (tools: string[]) => ({
  serverInfo: { name: "local", version: "1.0.0" },
  tools: tools.map((tool) => simpleTool(tool)),
});

beforeAll(async () => {
  project = await createTempProject("watch-links");
  outside = await createTempProject("watch-links-outside");
  for (const file of ["contract-server.mjs", "json-text.mjs"]) {
    await cp(join(REPO_ROOT, "test/fixtures/cli", file), project.path(file));
  }
  await project.write("contract.json", contract(["ping"]));
  await mkdir(outside.path("folder"));
  await outside.write("folder/notes.txt", "one");
  await outside.write("file.json", "{}");
  // Links in the watched folder (the server's), to a folder and to a file outside the project.
  await symlink(outside.path("folder"), project.path("shared"));
  await symlink(outside.path("file.json"), project.path("linked.json"));
  run = startWatch(
    ["pull", "--watch", "--cwd", ".", "--", "node", "contract-server.mjs", "contract.json"],
    project.dir,
  );
  await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(1), WAIT);
});
afterAll(async () => {
  await run.stop();
  await project.remove();
  await outside.remove();
});

it("is not set off by files that links in a watched folder point to", async () => {
  await writeFile(outside.path("folder/notes.txt"), "two");
  await writeFile(outside.path("folder/new.txt"), "new");
  await writeFile(outside.path("file.json"), '{"changed":true}');
  // A change inside the project: its pull is the one the watch makes, and the only one.
  await project.write("contract.json", contract(["ping", "pong"]));
  await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
  expect(linesOf(run.stdout())).toEqual([
    expect.stringMatching(/^node contract-server\.mjs contract\.json: 1 tool, /),
    "changed contract.json → pulling node contract-server.mjs contract.json",
    expect.stringMatching(/: 2 tools, .*\(\d+ written, \d+ unchanged\)$/),
  ]);
  expect(run.stderr()).toBe("");
});
