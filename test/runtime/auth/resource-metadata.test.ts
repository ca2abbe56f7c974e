/**
 * Protected Resource Metadata discovery against a loopback server: the challenge's URL first,
 * else the path-inserted well-known URL then the root one, and the resource match.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AuthTrigger } from "../../../runtime/auth/auth-failure.js";
import {
  discoverResourceMetadata,
  resourceMatches,
} from "../../../runtime/auth/resource-metadata.js";
import { sendJson, startServer } from "../http-test-server.js";
import type { TestServer } from "../http-test-server.js";

const TRIGGER: AuthTrigger = {
  method: "tools/list",
  endpoint: "http://127.0.0.1/mcp",
  status: 401,
};
const fetchFn = (url: string, init: RequestInit) => fetch(url, init);

describe("protected resource metadata", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  async function serveRootOnly(): Promise<URL> {
    let origin = "";
    server = await startServer((received, res) => {
      if (received.url === "/.well-known/oauth-protected-resource") {
        sendJson(res, 200, {
          resource: `${origin}/`,
          authorization_servers: [`${origin}/as`],
          scopes_supported: ["files:read"],
        });
      } else sendJson(res, 404, {});
    });
    origin = new URL(server.url).origin;
    return new URL(`${origin}/api/mcp`);
  }

  it("tries the path-inserted URL, then the root", async () => {
    const mcp = await serveRootOnly();
    const found = await discoverResourceMetadata(fetchFn, mcp, undefined, TRIGGER, undefined);
    expect(found.authorizationServer.href).toBe(`${mcp.origin}/as`);
    expect(found.scopesSupported).toEqual(["files:read"]);
    expect(server?.received.map((r) => r.url)).toEqual([
      "/.well-known/oauth-protected-resource/api/mcp",
      "/.well-known/oauth-protected-resource",
    ]);
  });

  it("uses only the URL the challenge names when there is one", async () => {
    const mcp = await serveRootOnly();
    const named = `${mcp.origin}/.well-known/oauth-protected-resource/elsewhere`;
    const error = await discoverResourceMetadata(fetchFn, mcp, named, TRIGGER, undefined).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/publishes no protected resource metadata/);
    expect(server?.received.map((r) => r.url)).toEqual([
      "/.well-known/oauth-protected-resource/elsewhere",
    ]);
  });

  it("takes a server with no metadata anywhere for a 2025-03-26 one, its origin the issuer", async () => {
    server = await startServer((_received, res) => sendJson(res, 404, {}));
    const mcp = new URL(server.url);
    const found = await discoverResourceMetadata(fetchFn, mcp, undefined, TRIGGER, undefined);
    expect(found).toEqual({
      resource: `${mcp.origin}/mcp`,
      authorizationServer: new URL(mcp.origin),
      legacy: true,
    });
  });

  it("matches a resource that is the server or a parent of it on the same origin", () => {
    const mcp = new URL("https://api.example/v1/mcp");
    expect(resourceMatches("https://api.example/v1/mcp", mcp)).toBe(true);
    expect(resourceMatches("https://api.example/v1/", mcp)).toBe(true);
    expect(resourceMatches("https://api.example/v1/mc", mcp)).toBe(false);
    expect(resourceMatches("https://evil.example/v1/mcp", mcp)).toBe(false);
    expect(resourceMatches("http://api.example/v1/mcp", mcp)).toBe(false);
  });
});
