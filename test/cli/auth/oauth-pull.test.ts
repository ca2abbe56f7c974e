/**
 * `pull` against an OAuth-protected server, through the real CLI and a real loopback listener:
 * the browser sign-in (a test redirect, and the loopback flow with a fake browser), tokens kept in
 * the file store and reused by the next run, `--reauthorize`, client credentials and a bearer
 * token from the environment, and the one error a run without a terminal gets. Every run's output
 * files, stdout and stderr are searched for every token, code and secret the server handed out.
 */
import { chmod, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthorizationRedirect } from "@mcp-codegen/runtime";
import { runCli, type RunOptions } from "../../../cli/program.js";
import { findLeaks, readTree } from "../../support/cli-files.js";
import { createTempProject, type CliRun, type TempProject } from "../../support/cli-run.js";
import { startProtectedServer, type ProtectedServer } from "./protected-server.js";

let server: ProtectedServer;
let project: TempProject;
let home: TempProject;

beforeEach(async () => {
  server = await startProtectedServer();
  project = await createTempProject("oauth-pull");
  // The token store lives outside the project, as in a user's home.
  home = await createTempProject("oauth-home");
});
afterEach(async () => {
  await server.close();
  await project.remove();
  await home.remove();
});

/** Runs the CLI in the project with no credentials in its environment but the ones given. */
async function run(
  argv: readonly string[],
  options: Omit<RunOptions, "stdout" | "stderr" | "cwd"> = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd: project.dir,
    interactive: true,
    env: { MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json") },
    ...options,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** Signs in without a browser: the authorization server's redirect is the answer. */
function headless(redirectUri = "http://127.0.0.1:7/callback"): AuthorizationRedirect {
  return {
    redirectUri,
    async authorize(url) {
      const response = await fetch(url, { redirect: "manual" });
      await response.body?.cancel();
      return new URL(response.headers.get("location") ?? "", url);
    },
  };
}

/** A browser: visits the authorization URL and follows its redirect into the loopback listener. */
async function fakeBrowser(url: URL): Promise<void> {
  const visit = await fetch(url, { redirect: "manual" });
  // A refusal (a redirect URI the server does not know) ends the sign-in, as a user would.
  if (visit.status !== 302) throw new Error(`the authorization server answered ${visit.status}`);
  await visit.body?.cancel();
  const back = new URL(visit.headers.get("location") ?? "", url);
  await (await fetch(back)).body?.cancel();
}

/** Nothing the server handed out is in any file of the project or in what the run printed. */
async function expectNoLeaks(...runs: CliRun[]): Promise<void> {
  const texts: Record<string, string> = await readTree(project.dir, { caches: true });
  runs.forEach((one, index) => {
    texts[`stdout ${index}`] = one.stdout;
    texts[`stderr ${index}`] = one.stderr;
  });
  const secrets = server.secrets();
  expect(secrets.length).toBeGreaterThan(0);
  expect(findLeaks(texts, secrets)).toEqual([]);
}

const pull = () => ["pull", "--url", server.mcpUrl, "--out", "mcp/kitchen"];

describe("pull with a browser sign-in", () => {
  it("signs in once, writes the client, and leaks no token, code or secret", async () => {
    const first = await run(pull(), { authorizationRedirect: headless() });
    expect(first.stderr).not.toContain("error:");
    expect(first.code).toBe(0);
    expect(server.authorizations).toHaveLength(1);
    const snapshot = await readTree(project.path("mcp/kitchen"));
    expect(snapshot["mcp.snapshot.json"]).toContain('"tools"');
    // The token file is the user's alone.
    expect((await stat(home.path("tokens.json"))).mode & 0o777).toBe(0o600);
    await expectNoLeaks(first);
  });

  it("reuses the stored tokens on the next run: no second sign-in", async () => {
    expect((await run(pull(), { authorizationRedirect: headless() })).code).toBe(0);
    const refused: AuthorizationRedirect = {
      redirectUri: "http://127.0.0.1:7/callback",
      authorize: () => Promise.reject(new Error("a second sign-in was asked for")),
    };
    const second = await run(pull(), { authorizationRedirect: refused });
    expect(second.stderr).not.toContain("error:");
    expect(second.code).toBe(0);
    expect(server.authorizations).toHaveLength(1);
    await expectNoLeaks(second);
  });

  it("--reauthorize signs in again although tokens are stored", async () => {
    expect((await run(pull(), { authorizationRedirect: headless() })).code).toBe(0);
    const again = await run([...pull(), "--reauthorize"], { authorizationRedirect: headless() });
    expect(again.stderr).not.toContain("error:");
    expect(again.code).toBe(0);
    expect(server.authorizations).toHaveLength(2);
    // The new tokens replaced the old: a plain run needs no sign-in.
    const third = await run(pull(), { authorizationRedirect: headless() });
    expect(third.code).toBe(0);
    expect(server.authorizations).toHaveLength(2);
  });

  it("goes through the loopback listener when a browser opens the URL", async () => {
    const opened: URL[] = [];
    // The fake browser: visits the authorization URL, follows its redirect into the listener.
    const browser = async (url: URL) => {
      opened.push(url);
      const visit = await fetch(url, { redirect: "manual" });
      await visit.body?.cancel();
      const back = new URL(visit.headers.get("location") ?? "", url);
      const landed = await fetch(back);
      expect(await landed.text()).toMatch(/authoriz/i);
    };
    const result = await run(pull(), { openAuthorizationUrl: browser });
    expect(result.stderr).not.toContain("error:");
    expect(result.code).toBe(0);
    expect(opened).toHaveLength(1);
    expect(server.authorizations[0]!.get("redirect_uri")).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    await expectNoLeaks(result);
  });

  it("listens again on the registered port, so the registration is reused", async () => {
    const first = await run(pull(), { openAuthorizationUrl: fakeBrowser });
    expect(first.code).toBe(0);
    const again = await run([...pull(), "--reauthorize"], { openAuthorizationUrl: fakeBrowser });
    expect(again.stderr).not.toContain("error:");
    expect(again.code).toBe(0);
    expect(server.authorizations).toHaveLength(2);
    expect(server.registrations).toHaveLength(1);
    const [before, after] = server.authorizations.map((query) => query.get("redirect_uri"));
    expect(after).toBe(before);
  });

  it("registers again when the registered port is taken", async () => {
    expect((await run(pull(), { openAuthorizationUrl: fakeBrowser })).code).toBe(0);
    const port = Number(new URL(server.registrations[0]![0]!).port);
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(port, "127.0.0.1", done));
    try {
      const again = await run([...pull(), "--reauthorize"], { openAuthorizationUrl: fakeBrowser });
      expect(again.stderr).not.toContain("error:");
      expect(again.code).toBe(0);
    } finally {
      await new Promise((done) => squatter.close(done));
    }
    expect(server.registrations).toHaveLength(2);
    expect(server.registrations[1]![0]).not.toBe(server.registrations[0]![0]);
  });

  it("fails at once with how to authenticate when nobody can sign in", async () => {
    const result = await run(pull(), {
      env: { MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json"), CI: "true" },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: [^\n]*--client-credentials[^\n]*\n$/);
    expect(result.stderr).toContain("MCP_CODEGEN_BEARER_TOKEN");
    expect(server.authorizations).toHaveLength(0);
    await expectNoLeaks(result);
    // Nothing was stored: the registration made on the way names a redirect no one listens on.
    await expect(stat(home.path("tokens.json"))).rejects.toThrow(/ENOENT/);
  });
});

describe("the token store", () => {
  it("a token file others can read stops the run with how to fix it", async () => {
    await writeFile(home.path("tokens.json"), '{"formatVersion":1,"records":{}}', { mode: 0o644 });
    await chmod(home.path("tokens.json"), 0o644);
    const result = await run(pull(), { authorizationRedirect: headless() });
    // The user's file to fix, not the server's failure: exit 2.
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: [^\n]*has mode 0644[^\n]*chmod 600[^\n]*\n$/);
    expect(server.authorizations).toHaveLength(0);
  });
});

describe("pull without a browser", () => {
  it("--client-credentials reads the client from the environment", async () => {
    const result = await run([...pull(), "--client-credentials"], {
      env: {
        MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json"),
        MCP_CODEGEN_CLIENT_ID: server.machineClient.id,
        MCP_CODEGEN_CLIENT_SECRET: server.machineClient.secret,
        CI: "true",
      },
    });
    expect(result.stderr).not.toContain("error:");
    expect(result.code).toBe(0);
    expect(server.grants).toContain("client_credentials");
    expect(server.authorizations).toHaveLength(0);
    // The extension is declared on the connection, not recorded as part of the contract.
    const snapshot = (await readTree(project.path("mcp/kitchen")))["mcp.snapshot.json"]!;
    expect(snapshot).not.toContain("oauth-client-credentials");
    await expectNoLeaks(result);
  });

  it("--client-credentials without the variables names the one to set", async () => {
    const result = await run([...pull(), "--client-credentials"], {
      env: { MCP_CODEGEN_CLIENT_ID: server.machineClient.id },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: [^\n]*MCP_CODEGEN_CLIENT_SECRET[^\n]*\n$/);
  });

  it("is refused for a stdio server", async () => {
    const result = await run(["pull", "--client-credentials", "--", "node", "server.js"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: --client-credentials, --token-store and --reauthorize apply to --url servers only\n",
    );
  });

  it("a config's auth names other variables for the client credentials", async () => {
    // A store left by a run that failed half-way would bind the client to its server's port.
    await rm(project.path("../tokens-of-config.json"), { force: true });
    await project.write("mcp-codegen.config.json", {
      servers: {
        kitchen: {
          url: server.mcpUrl,
          auth: {
            clientCredentials: { clientIdEnv: "CI_CLIENT", clientSecretEnv: "CI_SECRET" },
            tokenStore: "../tokens-of-config.json",
          },
        },
      },
    });
    const result = await run(["pull"], {
      env: {
        CI_CLIENT: server.machineClient.id,
        CI_SECRET: server.machineClient.secret,
        CI: "true",
      },
    });
    expect(result.stderr).not.toContain("error:");
    expect(result.code).toBe(0);
    expect(server.grants).toEqual(["client_credentials"]);
    expect((await stat(project.path("../tokens-of-config.json"))).isFile()).toBe(true);
    // Outside the project, so removed here: a later run's server (another port, the same
    // client id) would otherwise find the client bound to this run's authorization server.
    await rm(project.path("../tokens-of-config.json"));
    await expectNoLeaks(result);
  });

  it("MCP_CODEGEN_BEARER_TOKEN is sent as is, with no OAuth", async () => {
    const token = server.issueToken();
    const result = await run(pull(), {
      env: { MCP_CODEGEN_BEARER_TOKEN: token, CI: "true" },
    });
    expect(result.stderr).not.toContain("error:");
    expect(result.code).toBe(0);
    expect(server.grants).toEqual([]);
    await expectNoLeaks(result);
  });

  it("a bearer token the server refuses and quotes back is masked in the error", async () => {
    const token = server.issueToken();
    server.revokeAll();
    const result = await run(pull(), {
      env: { MCP_CODEGEN_BEARER_TOKEN: token, CI: "true" },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("unknown token ***");
    expect(server.grants).toEqual([]);
    await expectNoLeaks(result);
  });

  it("an access token the server quotes in its contract is written as ***", async () => {
    await server.close();
    server = await startProtectedServer({ echoToken: true });
    const result = await run(pull(), { authorizationRedirect: headless() });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("repeats the secret from OAuth credentials");
    const snapshot = (await readTree(project.path("mcp/kitchen")))["mcp.snapshot.json"]!;
    expect(snapshot).toContain("you called with ***.");
    await expectNoLeaks(result);
  });
});

describe("check --live", () => {
  it("pulls a protected server of the config with the tokens pull stored", async () => {
    await project.write("mcp-codegen.config.json", {
      servers: { kitchen: { url: server.mcpUrl, out: "mcp/kitchen" } },
    });
    const pulled = await run(["pull"], { authorizationRedirect: headless() });
    expect(pulled.stderr).not.toContain("error:");
    expect(pulled.code).toBe(0);
    // In CI, with the tokens of the sign-in above: no browser, no error.
    const checked = await run(["check", "--live"], {
      env: { MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json"), CI: "true" },
    });
    expect(checked.stderr).not.toContain("error:");
    expect(checked.stdout).toContain("kitchen: the server's contract matches the snapshot");
    expect(checked.code).toBe(0);
    expect(server.authorizations).toHaveLength(1);
    await expectNoLeaks(pulled, checked);
  });
});

describe("logout", () => {
  it("--url forgets that server's tokens: the next pull signs in again", async () => {
    expect((await run(pull(), { authorizationRedirect: headless() })).code).toBe(0);
    const out = await run(["logout", "--url", server.mcpUrl]);
    expect(out.stderr).toBe("");
    expect(out.stdout).toMatch(/: tokens forgotten; the next pull signs in again\n$/);
    expect(out.code).toBe(0);
    expect((await run(pull(), { authorizationRedirect: headless() })).code).toBe(0);
    expect(server.authorizations).toHaveLength(2);
    await expectNoLeaks(out);
  });

  it("with no target, logs out of every HTTP server of the config, once", async () => {
    await project.write("mcp-codegen.config.json", {
      servers: { kitchen: { url: server.mcpUrl, out: "mcp/kitchen" } },
    });
    expect((await run(["pull"], { authorizationRedirect: headless() })).code).toBe(0);
    const first = await run(["logout"]);
    expect(first.stdout).toBe("kitchen: tokens forgotten; the next pull signs in again\n");
    const second = await run(["logout"]);
    expect(second.stdout).toBe(`kitchen: no tokens stored in ${home.path("tokens.json")}\n`);
    expect(second.code).toBe(0);
  });
});
