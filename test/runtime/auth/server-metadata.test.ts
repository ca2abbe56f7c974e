/**
 * Authorization server metadata discovery against a loopback server: the spec's order of
 * well-known URLs (OAuth then OpenID Connect, path inserted, then OIDC path appended), the
 * issuer check, and the PKCE S256 requirement.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AuthTrigger } from "../../../runtime/auth/auth-failure.js";
import {
  discoverServerMetadata,
  serverMetadataUrls,
} from "../../../runtime/auth/server-metadata.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { sendJson, startServer } from "../http-test-server.js";
import type { TestServer } from "../http-test-server.js";

const TRIGGER: AuthTrigger = {
  method: "tools/list",
  endpoint: "http://127.0.0.1/mcp",
  status: 401,
};
const fetchFn = (url: string, init: RequestInit) => fetch(url, init);

describe("authorization server metadata", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  /** A server that serves `documents` by path (the issuer filled in) and 404s the rest. */
  async function serve(documents: Record<string, (origin: string) => object>): Promise<string> {
    let origin = "";
    server = await startServer((received, res) => {
      const document = documents[received.url];
      if (document === undefined) sendJson(res, 404, {});
      else sendJson(res, 200, document(origin));
    });
    origin = new URL(server.url).origin;
    return origin;
  }

  const metadata = (issuer: string) => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    code_challenge_methods_supported: ["S256"],
  });

  it("tries OAuth, then OIDC with the path inserted, then OIDC with the path appended", () => {
    expect(serverMetadataUrls(new URL("https://as.example/tenant1/")).map(String)).toEqual([
      "https://as.example/.well-known/oauth-authorization-server/tenant1",
      "https://as.example/.well-known/openid-configuration/tenant1",
      "https://as.example/tenant1/.well-known/openid-configuration",
    ]);
    expect(serverMetadataUrls(new URL("https://as.example")).map(String)).toEqual([
      "https://as.example/.well-known/oauth-authorization-server",
      "https://as.example/.well-known/openid-configuration",
    ]);
  });

  it("falls through to the OpenID configuration appended to the issuer path", async () => {
    const origin = await serve({
      "/tenant1/.well-known/openid-configuration": (o) => metadata(`${o}/tenant1`),
    });
    const found = await discoverServerMetadata(
      fetchFn,
      new URL(`${origin}/tenant1`),
      TRIGGER,
      undefined,
    );
    expect(found.issuer).toBe(`${origin}/tenant1`);
    expect(server?.received.map((r) => r.url)).toEqual([
      "/.well-known/oauth-authorization-server/tenant1",
      "/.well-known/openid-configuration/tenant1",
      "/tenant1/.well-known/openid-configuration",
    ]);
  });

  it("does not use a document naming another issuer", async () => {
    const origin = await serve({
      "/.well-known/oauth-authorization-server": () => metadata("https://elsewhere.example"),
    });
    const error = await discoverServerMetadata(fetchFn, new URL(origin), TRIGGER, undefined).catch(
      (e: unknown) => e,
    );
    expect(isMcpError(error) && error.kind).toBe("auth");
    expect((error as Error).message).toMatch(/names another issuer/);
  });

  it("never guesses the root endpoints of a server without any metadata", async () => {
    const origin = await serve({});
    const error = await discoverServerMetadata(
      fetchFn,
      new URL(origin),
      TRIGGER,
      undefined,
      true,
    ).catch((e: unknown) => e);
    expect(isMcpError(error) && error.kind).toBe("auth");
    expect((error as Error).message).toMatch(/publishes no OAuth metadata/);
    expect((error as Error).message).toMatch(/no credential is sent to endpoints guessed/);
    const modern = await discoverServerMetadata(fetchFn, new URL(origin), TRIGGER, undefined).catch(
      (e: unknown) => e,
    );
    expect((modern as Error).message).toMatch(/publishes no OAuth or OpenID metadata/);
  });

  it("refuses a server that does not list S256", async () => {
    const origin = await serve({
      "/.well-known/openid-configuration": (o) => ({
        ...metadata(o),
        code_challenge_methods_supported: undefined,
      }),
    });
    const error = await discoverServerMetadata(fetchFn, new URL(origin), TRIGGER, undefined).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/PKCE with S256/);
  });
});
