/**
 * OAuth through the real HTTP transports (undici and fetch) against a loopback protected MCP
 * server and authorization server (oauth-test-world.ts): the 401 that starts the flow, what the
 * authorization and token requests carry, refresh, step-up and its limit, and the refusals.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_STEP_UPS } from "../../../runtime/auth/authorizing-io.js";
import type { OAuthOptions } from "../../../runtime/auth/oauth-options.js";
import { memoryTokenStore } from "../../../runtime/auth/token-store.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import type { Transport } from "../../../runtime/transports/transport.js";
import { HTTP_IMPLEMENTATIONS, exchange, rejection, rpc } from "../http-test-server.js";
import { Call } from "../../../runtime/session/call.js";
import {
  CLIENT_SECRET,
  ID_TOKEN,
  WORKLOAD_JWT,
  headlessRedirect,
  startWorld,
} from "./oauth-test-world.js";
import type { World, WorldOptions } from "./oauth-test-world.js";

describe.each(HTTP_IMPLEMENTATIONS)("OAuth over the $name transport", ({ create }) => {
  const open: Array<{ world: World; transports: Transport[] }> = [];
  afterEach(async () => {
    for (const { world, transports } of open.splice(0)) {
      for (const transport of transports) await transport.close();
      await world.close();
    }
  });

  async function setup(
    worldOptions: WorldOptions = {},
    auth: Partial<OAuthOptions> = {},
  ): Promise<{ world: World; connect: (store?: TokenStore) => Transport }> {
    const world = await startWorld(worldOptions);
    const entry = { world, transports: [] as Transport[] };
    open.push(entry);
    return {
      world,
      connect(store) {
        // Without a user (client credentials, workload identity) there is no redirect.
        const withoutUser =
          auth.clientCredentials !== undefined || auth.workloadIdentity !== undefined;
        const options: OAuthOptions = withoutUser
          ? { ...auth }
          : { redirect: world.redirect, ...auth };
        if (store !== undefined) options.store = store;
        const transport = create({ url: world.mcpUrl, auth: options });
        entry.transports.push(transport);
        return transport;
      },
    };
  }

  const list = (transport: Transport) => transport.request(rpc("tools/list"), exchange());

  it("answers a 401 with discovery, registration and a PKCE code flow, then sends the token", async () => {
    const { world, connect } = await setup({ challengeScope: "read" });
    const response = await list(connect());
    expect(response).toMatchObject({ result: { resultType: "complete" } });

    const posts = world.at("/mcp");
    expect(posts.map((post) => post.headers.authorization)).toEqual([
      undefined,
      `Bearer ${world.issued[0]}`,
    ]);
    const [registration] = world.at("/tenant1/register");
    expect(JSON.parse(registration!.body)).toMatchObject({
      application_type: "native",
      redirect_uris: [world.redirect.redirectUri],
      token_endpoint_auth_method: "client_secret_basic",
    });
    const [query] = world.authorizations;
    expect(query?.get("code_challenge_method")).toBe("S256");
    expect(query?.get("resource")).toBe(world.mcpUrl);
    expect(query?.get("scope")).toBe("read offline_access");
    expect(query?.get("state")).toMatch(/^[\w-]{20,}$/);
    const [tokenRequest] = world.tokenRequests;
    expect(tokenRequest?.get("grant_type")).toBe("authorization_code");
    expect(tokenRequest?.get("resource")).toBe(world.mcpUrl);
    // The secret went in the Basic header, never in the body.
    expect(tokenRequest?.has("client_secret")).toBe(false);
  });

  it("does not count the user's sign-in against the request's timeout", async () => {
    const { world, connect } = await setup(
      {},
      {
        // A user who takes longer to sign in than the request may wait for the server.
        redirect: {
          redirectUri: "http://127.0.0.1:1/callback",
          authorize: async (url, signal) => {
            await new Promise((resolve) => setTimeout(resolve, 2500));
            return headlessRedirect("http://127.0.0.1:1/callback").authorize(url, signal);
          },
        },
      },
    );
    // The metadata and token requests count (they are the servers' time): a deadline long
    // enough for them on a loaded machine, shorter than the user takes.
    const call = new Call({ timeout: 2000 }, { method: "tools/list" }, 0, () => undefined);
    const response = await connect().request(rpc("tools/list"), call);
    call.finish();
    expect(response).toMatchObject({ result: { resultType: "complete" } });
    expect(world.issued).toHaveLength(1);
  });

  it("asks for every scope the resource lists when the challenge names none", async () => {
    const { world, connect } = await setup({
      metadata: { scopes_supported: ["read", "write"] },
    });
    await list(connect());
    expect(world.authorizations[0]?.get("scope")).toBe("read write");
  });

  it("omits scope when neither the challenge nor the resource names any", async () => {
    const { world, connect } = await setup({ resourceMetadata: { scopes_supported: undefined } });
    await list(connect());
    expect(world.authorizations[0]?.has("scope")).toBe(false);
  });

  it("finds the metadata at the well-known URL when the challenge does not name it", async () => {
    const { world, connect } = await setup({ challengeNamesMetadata: false });
    await list(connect());
    expect(world.at("/.well-known/oauth-protected-resource/mcp")).toHaveLength(1);
    expect(world.issued).toHaveLength(1);
  });

  it("redeems the refresh token when the server forgets the access token", async () => {
    const { world, connect } = await setup();
    const transport = connect();
    await list(transport);
    world.revokeAll();
    await list(transport);
    expect(world.authorizations).toHaveLength(1);
    expect(world.tokenRequests.map((form) => form.get("grant_type"))).toEqual([
      "authorization_code",
      "refresh_token",
    ]);
    expect(world.at("/mcp").at(-1)?.headers.authorization).toBe(`Bearer ${world.issued[1]}`);
  });

  it("refreshes an expiring token before sending it", async () => {
    // A token that expires at once is due for refresh before every use.
    const { world, connect } = await setup({ expiresIn: 0 });
    const transport = connect();
    await list(transport);
    const before = world.at("/mcp").length;
    await list(transport);
    // One POST, already with the refreshed token: no 401 round trip.
    expect(world.at("/mcp").length).toBe(before + 1);
    expect(world.tokenRequests.at(-1)?.get("grant_type")).toBe("refresh_token");
    expect(world.at("/mcp").at(-1)?.headers.authorization).toBe(`Bearer ${world.issued.at(-1)}`);
    expect(world.authorizations).toHaveLength(1);
  });

  it("steps up on insufficient_scope with the union of the scopes", async () => {
    const { world, connect } = await setup({ challengeScope: "read", requiredScopes: ["admin"] });
    await list(connect());
    expect(world.authorizations.map((query) => query.get("scope"))).toEqual([
      "read offline_access",
      "read offline_access admin",
    ]);
  });

  it("gives up after a bounded number of step-ups with an auth error", async () => {
    const { world, connect } = await setup({
      challengeScope: "read",
      requiredScopes: ["never-granted"],
      grantable: ["read"],
    });
    // A resource server that keeps demanding a scope its authorization server never issues.
    const error = await rejection(list(connect()));
    expect(error.kind).toBe("auth");
    expect(error.data).toMatchObject({ status: 403, error: "insufficient_scope" });
    expect(world.authorizations).toHaveLength(1 + MAX_STEP_UPS);
  });

  it("keeps the registration under the issuer and reuses it from the store", async () => {
    const { world, connect } = await setup();
    const store = memoryTokenStore();
    await list(connect(store));
    expect(await store.get(`oauth-client ${world.issuer}`)).toMatchObject({
      client_id: "client-1",
    });
    await list(connect(store));
    expect(world.at("/tenant1/register")).toHaveLength(1);
    // The second transport found the stored token: it never met a 401.
    expect(
      world.at("/mcp").filter((post) => post.headers.authorization === undefined),
    ).toHaveLength(1);
  });

  it("reads the token from the store once per connection, and again after a refusal", async () => {
    const { world, connect } = await setup();
    const inner = memoryTokenStore();
    const reads: string[] = [];
    const store: TokenStore = {
      get: (key) => {
        reads.push(key);
        return inner.get(key);
      },
      set: (key, value) => inner.set(key, value),
      delete: (key) => inner.delete(key),
    };
    await list(connect(store));
    const tokenReads = () => reads.filter((key) => key.startsWith("oauth-tokens ")).length;
    // The first 401 reads it again (another process may have stored a new token).
    expect(tokenReads()).toBe(2);
    const transport = connect(store);
    for (let i = 0; i < 5; i++) await list(transport);
    expect(tokenReads()).toBe(3);
    expect(world.issued).toHaveLength(1);
  });

  it("drops a stored registration the server refuses, and registers afresh next time", async () => {
    const { world, connect } = await setup();
    const store = memoryTokenStore();
    const key = `oauth-client ${world.issuer}`;
    await store.set(key, { client_id: "deleted-client", client_secret: "old-secret" });
    const transport = connect(store);
    const error = await rejection(list(transport));
    expect(error.data).toMatchObject({ error: "invalid_client" });
    expect(await store.get(key)).toBeUndefined();
    await list(transport);
    expect(world.at("/tenant1/register")).toHaveLength(1);
    expect(await store.get(key)).toMatchObject({ client_id: "client-1" });
  });

  it("refuses an authorization server without PKCE S256", async () => {
    const { world, connect } = await setup({
      metadata: { code_challenge_methods_supported: ["plain"] },
    });
    const error = await rejection(list(connect()));
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/PKCE with S256/);
    expect(world.authorizations).toHaveLength(0);
  });

  it("refuses an authorization endpoint that is plain http off loopback", async () => {
    const { world, connect } = await setup({
      metadata: { authorization_endpoint: "http://as.example/authorize" },
    });
    const error = await rejection(list(connect()));
    expect(error.message).toMatch(
      /authorization endpoint http:\/\/as\.example\/authorize is not https/,
    );
    expect(world.at("/tenant1/register")).toHaveLength(0);
  });

  it("refuses metadata that describes another resource", async () => {
    const { world, connect } = await setup({
      resourceMetadata: { resource: "https://evil.example/mcp" },
    });
    const error = await rejection(list(connect()));
    expect(error.message).toMatch(/describes another resource/);
    expect(world.at("/.well-known/oauth-authorization-server/tenant1")).toHaveLength(0);
  });

  it("refuses an authorization response from another issuer before redeeming the code", async () => {
    const { world, connect } = await setup({ iss: "https://evil.example" });
    const error = await rejection(list(connect()));
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/authorization response failed/);
    expect(world.tokenRequests).toHaveLength(0);
  });

  it("gets a token with the client credentials grant when there is no user", async () => {
    const { world, connect } = await setup(
      { challengeScope: "read" },
      { clientCredentials: { clientId: "client-1", clientSecret: CLIENT_SECRET } },
    );
    await list(connect());
    expect(world.authorizations).toHaveLength(0);
    expect(world.at("/tenant1/register")).toHaveLength(0);
    const [form] = world.tokenRequests;
    expect(form?.get("grant_type")).toBe("client_credentials");
    expect(form?.get("resource")).toBe(world.mcpUrl);
    expect(form?.get("scope")).toBe("read offline_access");
    expect(world.at("/mcp").at(-1)?.headers.authorization).toBe(`Bearer ${world.issued[0]}`);
  });

  it("trades a workload's JWT for a token, and reports a refused one without retrying", async () => {
    const { world, connect } = await setup(
      {},
      { workloadIdentity: { clientId: "client-1", assertion: () => WORKLOAD_JWT } },
    );
    await list(connect());
    expect(world.tokenRequests[0]?.get("grant_type")).toBe(
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
    );
    expect(world.tokenRequests[0]?.get("resource")).toBe(world.mcpUrl);

    const stale = `${WORKLOAD_JWT}x`;
    const refused = await setup(
      {},
      { workloadIdentity: { clientId: "client-1", assertion: () => stale } },
    );
    const error = await rejection(list(refused.connect()));
    expect(error.message).toMatch(/token request failed: invalid_grant/);
    expect(error.message).not.toContain(stale);
    expect(refused.world.tokenRequests).toHaveLength(1);
  });

  it("refuses auth options that name no grant or several", async () => {
    const world = await startWorld();
    open.push({ world, transports: [] });
    for (const auth of [
      {},
      { redirect: world.redirect, workloadIdentity: { clientId: "c", assertion: () => "j" } },
    ]) {
      expect(() => create({ url: world.mcpUrl, auth })).toThrow(/exactly one of redirect/);
    }
  });

  it("exchanges the user's ID token at the identity provider for a grant the server takes", async () => {
    const { world } = await setup();
    const enterprise = (idToken: string) => ({
      enterpriseManaged: {
        clientId: "client-1",
        clientSecret: CLIENT_SECRET,
        idpTokenEndpoint: `${new URL(world.mcpUrl).origin}/idp/token`,
        idpClientId: "idp-client",
        idToken: () => idToken,
      },
    });
    const transport = create({ url: world.mcpUrl, auth: enterprise(ID_TOKEN) });
    await list(transport);
    await transport.close();
    const [exchangeForm] = world.at("/idp/token").map((r) => new URLSearchParams(r.body));
    expect(exchangeForm?.get("audience")).toBe(world.issuer);
    expect(exchangeForm?.get("resource")).toBe(world.mcpUrl);
    expect(exchangeForm?.get("requested_token_type")).toBe(
      "urn:ietf:params:oauth:token-type:id-jag",
    );
    expect(world.tokenRequests[0]?.get("assertion")).toBe(WORKLOAD_JWT);
    expect(world.authorizations).toHaveLength(0);

    const refused = create({ url: world.mcpUrl, auth: enterprise("stale-id-token") });
    const error = await rejection(list(refused));
    await refused.close();
    expect(error.message).toMatch(/identity provider refused .* \(invalid_grant\)/);
    expect(error.message).not.toContain("stale-id-token");
  });

  it("refuses a private key that is not PKCS#8 PEM without quoting it", async () => {
    const pem = `-----BEGIN EC PRIVATE KEY-----\n${CLIENT_SECRET}\n-----END EC PRIVATE KEY-----`;
    const { connect } = await setup({}, { clientCredentials: { clientId: "c", privateKey: pem } });
    const error = await rejection(list(connect()));
    expect(error.message).toMatch(/not a PKCS#8 PEM ES256 private key/);
    expect(error.message).not.toContain(CLIENT_SECRET);
  });

  it("never puts the client secret or a token in an error message", async () => {
    const { world, connect } = await setup(
      {},
      { client: { clientId: "someone-else", clientSecret: CLIENT_SECRET } },
    );
    const error = await rejection(list(connect()));
    expect(error.message).toMatch(/token request failed: invalid_client/);
    expect(`${error.message} ${JSON.stringify(error.data)}`).not.toContain(CLIENT_SECRET);
    expect(error.cause).toBeUndefined();
    expect(world.at("/tenant1/register")).toHaveLength(0);
  });
});
