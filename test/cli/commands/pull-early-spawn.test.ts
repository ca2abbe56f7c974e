/**
 * `pull -- COMMAND…` spawns its server before it loads the pull: in a real child process of the
 * built CLI, a module loader hook and a wrapped `child_process.spawn` write one log in the order
 * things happen, and the server's spawn comes before `commands/pull.js` and the runtime's client
 * are even loaded. The pull itself is unchanged (it takes that very process; the files come out).
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";
import { runNode } from "../../support/cli-child.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");
const LEGACY = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/legacy-server.mjs", import.meta.url),
);

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("pull-early-spawn");
  // Every module's URL, from the loader hook's thread, appended to the log as it loads.
  await project.write(
    "hooks.mjs",
    'import { appendFileSync } from "node:fs";\n' +
      "export async function load(url, context, next) {\n" +
      "  appendFileSync(process.env.ORDER_LOG, `load ${url}\\n`);\n" +
      "  return next(url, context);\n" +
      "}\n",
  );
  // Every spawn, from the main thread, appended to the same log when it is asked for.
  await project.write(
    "register.mjs",
    'import { register, syncBuiltinESMExports } from "node:module";\n' +
      'import childProcess from "node:child_process";\n' +
      'import { appendFileSync } from "node:fs";\n' +
      'register("./hooks.mjs", import.meta.url);\n' +
      "const spawn = childProcess.spawn;\n" +
      "childProcess.spawn = function (file, args, ...rest) {\n" +
      "  appendFileSync(process.env.ORDER_LOG, `spawn ${[file, ...(args ?? [])].join(' ')}\\n`);\n" +
      "  return spawn.call(this, file, args, ...rest);\n" +
      "};\n" +
      "syncBuiltinESMExports();\n",
  );
  await project.write("contract.json", {
    tools: [simpleTool("echo", { text: { type: "string" } })],
  });
});
afterAll(() => project.remove());

describe("pull -- COMMAND", () => {
  it("spawns the server before it loads the pull command and the runtime's client", async () => {
    const log = project.path("order.log");
    await rm(log, { force: true });
    const server = contractServerCommand(project.path("contract.json"));
    const run = await runNode(
      ["--import", project.path("register.mjs"), BIN, "pull", "--out", "mcp/echo", "--", ...server],
      project.dir,
      { extra: { ORDER_LOG: log }, killAfterMs: 60_000 },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const events = (await readFile(log, "utf8")).split("\n").filter((line) => line !== "");
    const spawns = events.filter((event) => event.startsWith("spawn "));
    // One process: the pull took the prestarted server rather than starting a second one.
    expect(spawns).toEqual([`spawn ${server.join(" ")}`]);
    const at = (suffix: string) => events.findIndex((event) => event.endsWith(suffix));
    const pullCommand = at("/dist/cli/commands/pull.js");
    const client = at("/runtime/dist/client/connect.js");
    // The probe sees them when they load: the order below is not vacuous.
    expect(pullCommand).toBeGreaterThan(0);
    expect(client).toBeGreaterThan(0);
    const spawned = events.indexOf(spawns[0]!);
    expect({ spawned, beforePull: spawned < pullCommand, beforeClient: spawned < client }).toEqual({
      spawned,
      beforePull: true,
      beforeClient: true,
    });
    const index = await readFile(project.path("mcp/echo/index.ts"), "utf8");
    expect(index).toContain("createContractClient");
  });

  it("lists again on processes of its own when an initialize-era server needs them", async () => {
    // Capability detection opens a connection (a process) per listing on such a server; the
    // prestarted process is the pull's own, so none of them may be handed the taken handle.
    const run = await runCliCaptured(
      ["pull", "--out", "mcp/legacy", "--", process.execPath, LEGACY, "polite"],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/legacy/mcp.snapshot.json"), "utf8"),
    );
    expect(snapshot.protocolVersion).toBe("2025-11-25");
  });
});
