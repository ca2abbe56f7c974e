/**
 * `pull()` against an OAuth-protected server (the kitchen sink behind a real authorization
 * server on a loopback port): a bearer token, client credentials, a sign-in through the caller's
 * redirect, tokens reused from the store, and the error a pull gets when a sign-in is needed and
 * nothing can show it. No token, code or secret ever reaches the snapshot, a warning or an error.
 */
import { stat } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthorizationRedirect } from "@mcp-codegen/runtime";
import { CliError, ExitCode, pull, type PullAuthOptions } from "../../cli/index.js";
import { findLeaks } from "../support/cli-files.js";
import { createTempProject, type TempProject } from "../support/cli-run.js";
import { startProtectedServer, type ProtectedServer } from "../cli/auth/protected-server.js";

let server: ProtectedServer;
let home: TempProject;

beforeEach(async () => {
  server = await startProtectedServer({ echoToken: true });
  home = await createTempProject("api-oauth-home");
});
afterEach(async () => {
  await server.close();
  await home.remove();
});

/** Signs in without a browser: the authorization server's redirect is the answer. */
const headless: AuthorizationRedirect = {
  redirectUri: "http://127.0.0.1:7/callback",
  async authorize(url) {
    const response = await fetch(url, { redirect: "manual" });
    await response.body?.cancel();
    return new URL(response.headers.get("location") ?? "", url);
  },
};

/** Pulls with a token store of its own and nothing from process.env. */
async function pullWith(auth: PullAuthOptions) {
  const warnings: string[] = [];
  const snapshot = await pull(
    { url: server.mcpUrl },
    {
      auth: { env: { MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json") }, ...auth },
      onWarning: (warning) => warnings.push(warning),
    },
  );
  return { snapshot, warnings };
}

function expectNoLeaks(texts: Record<string, string>): void {
  expect(server.secrets().length).toBeGreaterThan(0);
  expect(findLeaks(texts, server.secrets())).toEqual([]);
}

describe("pull() from a protected server", () => {
  it("sends auth.bearerToken as is, with no OAuth, and masks it where the server echoes it", async () => {
    const { snapshot, warnings } = await pullWith({ bearerToken: server.issueToken() });
    expect(server.grants).toEqual([]);
    const whoami = snapshot.tools.find((tool) => tool.name === "whoami");
    expect(whoami?.description).toBe("Says who you are; you called with ***.");
    expect(warnings).toEqual([
      `${server.mcpUrl}: the server's contract repeats the secret from auth.bearerToken 1 time(s); it is written as *** instead`,
    ]);
    expectNoLeaks({ snapshot: JSON.stringify(snapshot), warnings: warnings.join("\n") });
  });

  it("uses auth.clientCredentials: the client credentials grant, no user", async () => {
    const { id, secret } = server.machineClient;
    const { snapshot } = await pullWith({
      clientCredentials: { clientId: id, clientSecret: secret },
    });
    expect(server.grants).toEqual(["client_credentials"]);
    expect(server.authorizations).toHaveLength(0);
    expectNoLeaks({ snapshot: JSON.stringify(snapshot) });
  });

  it("with clientCredentials: true reads the client from auth.env, naming a missing variable", async () => {
    const { id, secret } = server.machineClient;
    await pullWith({
      clientCredentials: true,
      env: {
        MCP_CODEGEN_TOKEN_STORE: home.path("tokens.json"),
        MCP_CODEGEN_CLIENT_ID: id,
        MCP_CODEGEN_CLIENT_SECRET: secret,
      },
    });
    expect(server.grants).toEqual(["client_credentials"]);
    const error = await pullWith({ clientCredentials: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      `${server.mcpUrl}: client credentials need the environment variable MCP_CODEGEN_CLIENT_ID; set it (the value is never printed)`,
    );
  });

  it("signs in through auth.redirect, stores the tokens, and the next pull reuses them", async () => {
    const first = await pullWith({ redirect: headless });
    expect(server.authorizations).toHaveLength(1);
    expect((await stat(home.path("tokens.json"))).isFile()).toBe(true);
    // No redirect this time: the stored tokens are enough.
    const second = await pullWith({});
    expect(server.authorizations).toHaveLength(1);
    expect(second.snapshot).toEqual(first.snapshot);
    expectNoLeaks({ first: JSON.stringify(first), second: JSON.stringify(second) });
  });

  it("without a way to sign in, fails at once with exit code 3 saying what to pass", async () => {
    const error = await pullWith({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Server);
    expect((error as CliError).message).toBe(
      `${server.mcpUrl}: the server needs a sign-in and pull() has no way to show one: pass auth.redirect (e.g. loopbackRedirect() from @mcp-codegen/runtime/node/auth), auth.clientCredentials or auth.bearerToken, or run mcp-codegen pull once on a terminal to sign in and store the tokens`,
    );
    expect(server.authorizations).toHaveLength(0);
  });

  it("masks a refused bearer token that the server quotes back in the error", async () => {
    const token = server.issueToken();
    server.revokeAll();
    const error = await pullWith({ bearerToken: token }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Server);
    expect((error as CliError).message).toContain("unknown token ***");
    expect((error as CliError).message).not.toContain(token);
  });
});
