/**
 * The OAuth flow is bounded by the deadline of the request that met the 401 (and by connect's
 * `timeout` while connecting): every metadata fetch, registration and token request that does
 * not answer ends the request with kind `timeout`, naming what did not answer. Only the user's
 * own time in the browser is not counted. Real loopback servers that never answer one path.
 */
import { describe, expect, it } from "vitest";
import { connect } from "../../../runtime/client/connect.js";
import type { McpClient } from "../../../runtime/client/client.js";
import type { OAuthOptions } from "../../../runtime/auth/oauth-options.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import type { McpError } from "../../../runtime/protocol/errors.js";
import { CLIENT_SECRET, ID_TOKEN, startWorld } from "./oauth-test-world.js";
import type { World, WorldOptions } from "./oauth-test-world.js";

// Long enough for the steps that do answer on a loaded machine; the one that hangs takes it all.
const TIMEOUT = 1500;

/** Runs `test` in a world of its own, closed after (tests here run concurrently). */
async function inWorld(
  options: WorldOptions,
  test: (world: World, keep: (client: McpClient) => McpClient) => Promise<void>,
): Promise<void> {
  const world = await startWorld(options);
  const clients: McpClient[] = [];
  try {
    await test(world, (client) => {
      clients.push(client);
      return client;
    });
  } finally {
    for (const client of clients) await client.close();
    await world.close();
  }
}

type Grant = "sign-in" | "client credentials" | "enterprise managed";

function authFor(world: World, grant: Grant): OAuthOptions {
  switch (grant) {
    case "sign-in":
      return { redirect: world.redirect };
    case "client credentials":
      return { clientCredentials: { clientId: "client-1", clientSecret: CLIENT_SECRET } };
    case "enterprise managed":
      return {
        enterpriseManaged: {
          clientId: "client-1",
          clientSecret: CLIENT_SECRET,
          idpTokenEndpoint: `${new URL(world.mcpUrl).origin}/idp/token`,
          idpClientId: "idp-client",
          idToken: () => ID_TOKEN,
        },
      };
  }
}

async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

/** Each step of the flow that may not answer, with the words that must name it. */
const STEPS: Array<{ path: string; grant: Grant; names: string; stall?: "body" }> = [
  {
    path: "/.well-known/oauth-protected-resource/mcp",
    grant: "sign-in",
    names: "the protected resource metadata at",
  },
  {
    path: "/.well-known/oauth-protected-resource/mcp",
    grant: "client credentials",
    names: "the protected resource metadata at",
    stall: "body",
  },
  {
    path: "/.well-known/oauth-authorization-server/tenant1",
    grant: "client credentials",
    names: "the authorization server metadata at",
  },
  {
    path: "/.well-known/oauth-authorization-server/tenant1",
    grant: "sign-in",
    names: "the authorization server metadata at",
    stall: "body",
  },
  { path: "/tenant1/register", grant: "sign-in", names: "the registration endpoint" },
  { path: "/tenant1/token", grant: "sign-in", names: "the token endpoint" },
  { path: "/tenant1/token", grant: "client credentials", names: "the token endpoint" },
  {
    path: "/tenant1/token",
    grant: "client credentials",
    names: "the token endpoint",
    stall: "body",
  },
  {
    path: "/idp/token",
    grant: "enterprise managed",
    names: "the identity provider's token endpoint",
  },
  { path: "/tenant1/token", grant: "enterprise managed", names: "the token endpoint" },
];

describe("connect({ timeout }) bounds the OAuth flow of the handshake", () => {
  it.concurrent.each(STEPS)(
    "$names $path ($grant, stalls: $stall)",
    async ({ path, grant, names, stall }) => {
      const hang = new Map([[path, stall ?? ("head" as const)]]);
      await inWorld({ hang }, async (world) => {
        const error = await failure(
          connect({ url: world.mcpUrl, auth: authFor(world, grant) }, { timeout: TIMEOUT }),
        );
        expect(error.kind).toBe("timeout");
        const origin = new URL(world.mcpUrl).origin;
        expect(error.message).toContain(
          `${names} ${origin}${path} did not answer within ${TIMEOUT} ms`,
        );
        expect(error.data).toEqual({
          authorization: `${names} ${origin}${path}`,
          timeout: TIMEOUT,
        });
        // An authorization server that does not answer says nothing of the MCP server's era:
        // no initialize handshake follows the probe.
        expect(world.at("/mcp").map((post) => post.message?.method)).toEqual(["server/discover"]);
      });
    },
  );
});

describe("the server/discover probe's short timeout does not cut the sign-in", () => {
  // The probe waits `probeTimeout` to tell a silent older server from a modern one; a 401 shows
  // the server is there, so the flow it starts is bounded by connect's `timeout` instead.
  it.concurrent("a registration slower than probeTimeout completes within timeout", async () => {
    const delay = new Map([["/tenant1/register", 800]]);
    await inWorld({ delay }, async (world, keep) => {
      keep(
        await connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { probeTimeout: 300, timeout: 10_000 },
        ),
      );
      expect(world.issued).toHaveLength(1);
    });
  });

  it.concurrent("a step that never answers is named with connect's timeout", async () => {
    const hang = new Map([["/tenant1/register", "head" as const]]);
    await inWorld({ hang }, async (world) => {
      const error = await failure(
        connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { probeTimeout: 300, timeout: TIMEOUT },
        ),
      );
      expect(error.kind).toBe("timeout");
      expect(error.data).toEqual({
        authorization: `the registration endpoint ${world.issuer}/register`,
        timeout: TIMEOUT,
      });
    });
  });
});

describe("a request's timeout bounds the OAuth flow it starts", () => {
  it.concurrent("a metadata URL that never answers ends tools/list with kind timeout", async () => {
    const hang = new Map([["/.well-known/oauth-protected-resource/mcp", "head" as const]]);
    await inWorld({ hang }, async (world, keep) => {
      const client = keep(
        await connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { discover: false },
        ),
      );
      const error = await failure(client.request("tools/list", undefined, { timeout: TIMEOUT }));
      expect(error.kind).toBe("timeout");
      expect(error.method).toBe("tools/list");
      expect(error.message).toMatch(
        /^tools\/list: authorizing http:\/\/127\.0\.0\.1:\d+\/mcp: the protected resource metadata at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp did not answer within 1500 ms/,
      );
    });
  });

  it.concurrent("a refresh the token endpoint never answers is bounded too", async () => {
    const hang = new Map<string, "head" | "body">();
    // Tokens that expire at once: the next request refreshes before it is sent.
    await inWorld({ hang, expiresIn: 0 }, async (world, keep) => {
      const client = keep(
        await connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { timeout: 10_000 },
        ),
      );
      hang.set("/tenant1/token", "head");
      const error = await failure(client.request("tools/list", undefined, { timeout: TIMEOUT }));
      expect(error.kind).toBe("timeout");
      expect(error.data).toEqual({
        authorization: `the token endpoint ${world.issuer}/token`,
        timeout: TIMEOUT,
      });
    });
  });

  it.concurrent("the user's time in the browser still does not count", async () => {
    await inWorld({}, async (world, keep) => {
      const slowUser = {
        redirectUri: world.redirect.redirectUri,
        authorize: async (url: URL, signal?: AbortSignal) => {
          await new Promise((resolve) => setTimeout(resolve, TIMEOUT + 1000));
          return world.redirect.authorize(url, signal);
        },
      };
      keep(
        await connect({ url: world.mcpUrl, auth: { redirect: slowUser } }, { timeout: TIMEOUT }),
      );
      expect(world.issued).toHaveLength(1);
    });
  });
});
