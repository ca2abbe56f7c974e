/**
 * What a stdio server's process inherits from `mcp-codegen pull`: the ordinary environment and
 * what the user named (`--env`, the config's `env`), never the CLI's own credential variables
 * (`MCP_CODEGEN_BEARER_TOKEN`, `MCP_CODEGEN_CLIENT_ID`, `MCP_CODEGEN_CLIENT_SECRET`, and their
 * per-server forms) unless named there. The built bin runs as a real child process, and the
 * server it starts writes the environment it was given to a file.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode } from "../support/cli-child.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");

/** The CLI's own credentials, as a user's shell might hold them for HTTP servers. */
const CLI_CREDENTIALS = {
  MCP_CODEGEN_BEARER_TOKEN: "bearer-for-some-http-server",
  MCP_CODEGEN_CLIENT_ID: "client-id-for-some-http-server",
  MCP_CODEGEN_CLIENT_SECRET: "client-secret-for-some-http-server",
  MCP_CODEGEN_REMOTE_BEARER_TOKEN: "bearer-for-the-remote-server",
  MCP_CODEGEN_REMOTE_CLIENT_SECRET: "client-secret-for-the-remote-server",
};

let project: TempProject;
let serverArgs: string[];

beforeAll(async () => {
  project = await createTempProject("stdio-env");
  const [, contractServer] = contractServerCommand("unused");
  // Writes its environment to the file in argv[2], then serves the contract in argv[3].
  await project.write(
    "env-server.mjs",
    [
      'import { writeFileSync } from "node:fs";',
      "writeFileSync(process.argv[2], JSON.stringify(process.env));",
      "process.argv.splice(2, 1);",
      `await import(${JSON.stringify(pathToFileURL(contractServer!).href)});`,
    ].join("\n"),
  );
  await project.write("contract.json", { tools: [simpleTool("ping")] });
  serverArgs = ["env-server.mjs", project.path("env.json"), "contract.json"];
});
afterAll(async () => {
  await project.remove();
});

/** Pulls with `argv` (after `pull`) and returns the environment the server process saw. */
async function serverEnv(argv: readonly string[]): Promise<Record<string, string>> {
  const run = await runNode([BIN, "pull", ...argv], project.dir, {
    env: { PATH: process.env.PATH, ORDINARY_SETTING: "kept", ...CLI_CREDENTIALS },
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(await readFile(project.path("env.json"), "utf8")) as Record<string, string>;
}

describe("a stdio server's environment", () => {
  it("has the ordinary environment, without the CLI's own credentials", async () => {
    const env = await serverEnv(["--out", "mcp/a", "--cwd", ".", "--", "node", ...serverArgs]);
    expect(env.ORDINARY_SETTING).toBe("kept");
    expect(env.PATH).toBe(process.env.PATH);
    for (const name of Object.keys(CLI_CREDENTIALS)) expect(env).not.toHaveProperty(name);
  });

  it("has a credential variable the user passes with --env", async () => {
    const env = await serverEnv([
      "--out",
      "mcp/b",
      "--cwd",
      ".",
      "--env",
      "MCP_CODEGEN_CLIENT_ID=given-on-purpose",
      "--",
      "node",
      ...serverArgs,
    ]);
    expect(env.MCP_CODEGEN_CLIENT_ID).toBe("given-on-purpose");
    expect(env).not.toHaveProperty("MCP_CODEGEN_CLIENT_SECRET");
  });

  it("has a credential variable the config's env names", async () => {
    await project.write("mcp-codegen.config.json", {
      servers: {
        local: {
          command: "node",
          args: serverArgs,
          env: { MCP_CODEGEN_BEARER_TOKEN: "${MCP_CODEGEN_BEARER_TOKEN}" },
        },
      },
    });
    const env = await serverEnv([]);
    expect(env.MCP_CODEGEN_BEARER_TOKEN).toBe(CLI_CREDENTIALS.MCP_CODEGEN_BEARER_TOKEN);
    expect(env).not.toHaveProperty("MCP_CODEGEN_REMOTE_BEARER_TOKEN");
    expect(env.ORDINARY_SETTING).toBe("kept");
  });
});
