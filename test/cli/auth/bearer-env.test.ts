/**
 * A bearer token from the environment belongs to one server. With two protected HTTP servers
 * (separate origins) in one config, through the built bin as a real child process: the generic
 * `MCP_CODEGEN_BEARER_TOKEN` is refused (exit 2, one line naming the per-server variables, no
 * request sent anywhere); `MCP_CODEGEN_<SERVER>_BEARER_TOKEN` goes to that server only. With one
 * HTTP server in the config, the generic variable is that server's.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runNode } from "../../support/cli-child.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";
import { startProtectedServer, type ProtectedServer } from "./protected-server.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");

let alpha: ProtectedServer;
let beta: ProtectedServer;
let project: TempProject;

beforeEach(async () => {
  [alpha, beta] = await Promise.all([startProtectedServer(), startProtectedServer()]);
  project = await createTempProject("bearer-env");
});
afterEach(async () => {
  await Promise.all([alpha.close(), beta.close()]);
  await project.remove();
});

async function pull(env: Record<string, string>, argv: readonly string[] = []) {
  return runNode([BIN, "pull", ...argv], project.dir, {
    env: {
      PATH: process.env.PATH,
      CI: "true",
      MCP_CODEGEN_TOKEN_STORE: project.path("tokens.json"),
      ...env,
    },
  });
}

const twoServers = () =>
  project.write("mcp-codegen.config.json", {
    servers: { alpha: { url: alpha.mcpUrl }, "beta-api": { url: beta.mcpUrl } },
  });

describe("a bearer token from the environment, with two HTTP servers in the config", () => {
  it("MCP_CODEGEN_BEARER_TOKEN is refused before any request, naming the per-server variables", async () => {
    await twoServers();
    const token = alpha.issueToken();
    for (const argv of [[], ["alpha"]]) {
      const run = await pull({ MCP_CODEGEN_BEARER_TOKEN: token }, argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^error: MCP_CODEGEN_BEARER_TOKEN is set, and [^\n]*2 HTTP servers[^\n]*MCP_CODEGEN_ALPHA_BEARER_TOKEN[^\n]*MCP_CODEGEN_BETA_API_BEARER_TOKEN[^\n]*\n$/,
      );
      expect(run.stderr).not.toContain(token);
    }
    expect([...alpha.bearers, ...beta.bearers]).toEqual([]);
  });

  it("MCP_CODEGEN_<SERVER>_BEARER_TOKEN goes to that server only", async () => {
    await twoServers();
    const forAlpha = alpha.issueToken();
    const forBeta = beta.issueToken();
    const run = await pull({
      MCP_CODEGEN_ALPHA_BEARER_TOKEN: forAlpha,
      MCP_CODEGEN_BETA_API_BEARER_TOKEN: forBeta,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(new Set(alpha.bearers)).toEqual(new Set([forAlpha]));
    expect(new Set(beta.bearers)).toEqual(new Set([forBeta]));
  });

  it("a server with no variable of its own is sent none", async () => {
    await twoServers();
    const forAlpha = alpha.issueToken();
    const run = await pull({ MCP_CODEGEN_ALPHA_BEARER_TOKEN: forAlpha });
    // beta needs a sign-in, which CI cannot do: its own failure, after alpha's pull.
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: beta-api: [^\n]*MCP_CODEGEN_BETA_API_BEARER_TOKEN/);
    expect(new Set(alpha.bearers)).toEqual(new Set([forAlpha]));
    expect(beta.bearers).toEqual([]);
  });
});

describe("a bearer token from the environment, with one HTTP server", () => {
  it("MCP_CODEGEN_BEARER_TOKEN is the one HTTP server's, beside a stdio server", async () => {
    const contract = await project.write("contract.json", { tools: [simpleTool("ping")] });
    const [command, ...args] = contractServerCommand(contract);
    await project.write("mcp-codegen.config.json", {
      servers: { alpha: { url: alpha.mcpUrl }, local: { command, args } },
    });
    const token = alpha.issueToken();
    const run = await pull({ MCP_CODEGEN_BEARER_TOKEN: token });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(new Set(alpha.bearers)).toEqual(new Set([token]));
  });
});
