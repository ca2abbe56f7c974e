/**
 * What a refused pull tells the user to do depends on where the server was named: flags get
 * flags (`--header`), a config's server gets its `headers` and `auth` fields, under `pull` and
 * `check --live` alike; and "requires authorization" is said once, not again in the hint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../cli/program.js";
import { createTempProject, type CliRun, type TempProject } from "../../support/cli-run.js";
import { startProtectedServer, type ProtectedServer } from "./protected-server.js";

let server: ProtectedServer;
let project: TempProject;
let refused: string;

beforeAll(async () => {
  server = await startProtectedServer();
  project = await createTempProject("auth-hints");
  refused = server.issueToken();
  await project.write("mcp-codegen.config.json", {
    servers: { kitchen: { url: server.mcpUrl, out: "mcp/kitchen" } },
  });
  // check --live compares against a snapshot: pulled while the token was still good.
  expect((await run(["pull"])).code).toBe(0);
  server.revokeAll();
});
afterAll(async () => {
  await server.close();
  await project.remove();
});

/** A run in CI with the bearer token (which the server no longer accepts after `beforeAll`). */
async function run(argv: readonly string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd: project.dir,
    interactive: false,
    env: {
      MCP_CODEGEN_TOKEN_STORE: project.path("tokens.json"),
      MCP_CODEGEN_BEARER_TOKEN: refused,
      CI: "true",
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

function expectSaidOnce(stderr: string): void {
  expect(stderr).toMatch(/requires authorization \(HTTP 401\)/);
  expect(stderr.match(/requires authorization/g)).toHaveLength(1);
}

describe("the hint for a refused pull", () => {
  it("names the flags for a server given by flags", async () => {
    const result = await run(["pull", "--url", server.mcpUrl, "--out", "by-flags"]);
    expect(result.code).toBe(3);
    expectSaidOnce(result.stderr);
    expect(result.stderr).toContain("--header 'Authorization: Bearer …'");
    expect(result.stderr).toContain("--client-credentials");
  });

  it.each([["pull"], ["check", "--live"]])(
    "names the config's fields for a config server (%s)",
    async (...argv) => {
      const result = await run(argv);
      expect(result.code).toBe(3);
      expectSaidOnce(result.stderr);
      expect(result.stderr).toContain('servers."kitchen" in the config');
      expect(result.stderr).toContain('"headers"');
      expect(result.stderr).toContain('"clientCredentials"');
      expect(result.stderr).not.toContain("--header");
      expect(result.stderr).not.toContain("--client-credentials");
    },
  );
});
