/**
 * Credentials stay with the authorization server they were registered with (2026-07-28
 * authorization, "Authorization Server Binding"; RFC 8414 §3.3): a server whose metadata later
 * names another authorization server, or that publishes no OAuth metadata at all, never receives
 * a client secret, a workload JWT or a refresh token issued elsewhere. Real loopback servers
 * (two-issuer-world.ts) record every request; each test searches all of them.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { OAuthOptions } from "../../../runtime/auth/oauth-options.js";
import { memoryTokenStore } from "../../../runtime/auth/token-store.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import type { Transport } from "../../../runtime/transports/transport.js";
import { HTTP_IMPLEMENTATIONS, exchange, rejection, rpc } from "../http-test-server.js";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  ID_TOKEN,
  WORKLOAD_JWT,
  startTwoIssuerWorld,
} from "./two-issuer-world.js";
import type { ResourceState, RootState, TwoIssuerWorld } from "./two-issuer-world.js";

const create = HTTP_IMPLEMENTATIONS[0]!.create;

const GRANTS = [
  "client credentials",
  "workload identity",
  "enterprise managed",
  "pre-registered client",
] as const;
type Grant = (typeof GRANTS)[number];

/** The `auth` options of `grant`, bound to `issuer` when given. */
function authFor(world: TwoIssuerWorld, grant: Grant, issuer?: string): OAuthOptions {
  const bound = issuer === undefined ? {} : { issuer };
  switch (grant) {
    case "client credentials":
      return { clientCredentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...bound } };
    case "workload identity":
      return { workloadIdentity: { clientId: CLIENT_ID, assertion: () => WORKLOAD_JWT, ...bound } };
    case "enterprise managed":
      return {
        enterpriseManaged: {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          idpTokenEndpoint: `${new URL(world.a.url).origin}/idp/token`,
          idpClientId: "idp-client",
          idToken: () => ID_TOKEN,
          ...bound,
        },
      };
    case "pre-registered client":
      return {
        redirect: world.redirect,
        client: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...bound },
      };
  }
}

/** Every credential A issued or the user holds for A, as they may appear on the wire. */
function credentialsOfA(world: TwoIssuerWorld): string[] {
  return [CLIENT_SECRET, WORKLOAD_JWT, `id-jag-for ${world.issuerA}`, ...world.refreshTokensOfA()];
}

const worlds: TwoIssuerWorld[] = [];
const transports: Transport[] = [];
afterEach(async () => {
  for (const transport of transports.splice(0)) await transport.close();
  for (const world of worlds.splice(0)) await world.close();
});

async function startWorld(): Promise<TwoIssuerWorld> {
  const world = await startTwoIssuerWorld();
  worlds.push(world);
  return world;
}

function open(world: TwoIssuerWorld, auth: OAuthOptions, store: TokenStore): Transport {
  const transport = create({ url: world.mcpUrl, auth: { ...auth, store } });
  transports.push(transport);
  return transport;
}

const list = (transport: Transport) => transport.request(rpc("tools/list"), exchange());

describe("credentials bound to their issuer", () => {
  it("client credentials used at A are refused to B when the server's metadata moves", async () => {
    const world = await startWorld();
    const store = memoryTokenStore();
    const auth = authFor(world, "client credentials");
    await list(open(world, auth, store));
    expect(world.a.received.filter((r) => r.url === "/a/token")).toHaveLength(1);

    // The server now names another authorization server (and forgot the token it accepted).
    world.resource = "B";
    world.revokeAll();
    const error = await rejection(list(open(world, auth, store)));
    expect(error.kind).toBe("auth");
    expect(error.message).toContain(`registered with ${world.issuerA}`);
    expect(error.message).toContain(world.issuerB);
    expect(world.b.received.filter((r) => r.method === "POST")).toEqual([]);
    expect(world.leaks(credentialsOfA(world))).toEqual([]);
  });

  it("the same within one connection: the flow after the move refuses too", async () => {
    const world = await startWorld();
    const transport = open(world, authFor(world, "client credentials"), memoryTokenStore());
    await list(transport);
    world.resource = "B";
    world.revokeAll();
    const error = await rejection(list(transport));
    expect(error.kind).toBe("auth");
    expect(world.leaks(credentialsOfA(world))).toEqual([]);
  });

  it("an issuer given with the credentials refuses any other from the first request", async () => {
    const world = await startWorld();
    world.resource = "B";
    const auth = authFor(world, "client credentials", world.issuerA);
    const error = await rejection(list(open(world, auth, memoryTokenStore())));
    expect(error.kind).toBe("auth");
    expect(error.message).toContain(`registered with ${world.issuerA}`);
    expect(world.leaks([CLIENT_SECRET])).toEqual([]);
  });

  it("the binding is kept under the issuer in the store, the secret is not", async () => {
    const world = await startWorld();
    const store = memoryTokenStore();
    const keys: string[] = [];
    const watched: TokenStore = {
      get: (key) => store.get(key),
      set: async (key, value) => {
        keys.push(key);
        expect(JSON.stringify(value)).not.toContain(CLIENT_SECRET);
        await store.set(key, value);
      },
      delete: (key) => store.delete(key),
    };
    await list(open(world, authFor(world, "client credentials"), watched));
    expect(keys).toContain(`oauth-credentials ${CLIENT_ID}`);
    expect(await store.get(`oauth-credentials ${CLIENT_ID}`)).toEqual({ issuer: world.issuerA });
  });

  it("a pre-registered client's server that moves gets a registration of its own at B", async () => {
    const world = await startWorld();
    const store = memoryTokenStore();
    const auth = authFor(world, "pre-registered client");
    await list(open(world, auth, store));
    world.resource = "B";
    world.revokeAll();
    await list(open(world, auth, store));
    expect(world.b.received.filter((r) => r.url === "/b/register")).toHaveLength(1);
    expect(world.leaks(credentialsOfA(world))).toEqual([]);
  });
});

describe("a server that publishes no OAuth metadata", () => {
  it.each(GRANTS)("gets no %s: no guessed endpoint is called", async (grant) => {
    const world = await startWorld();
    world.resource = "absent";
    world.root = "absent";
    const error = await rejection(list(open(world, authFor(world, grant), memoryTokenStore())));
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/publishes no OAuth metadata/);
    const guessed = world.mcp.received.filter((r) => !r.url.startsWith("/.well-known/"));
    expect(guessed.map((r) => `${r.method} ${r.url}`).filter((r) => r !== "POST /mcp")).toEqual([]);
    expect(world.leaks(credentialsOfA(world))).toEqual([]);
  });

  it("still uses RFC 8414 metadata at the server's own root when its issuer is the server", async () => {
    const world = await startWorld();
    world.resource = "absent";
    world.root = "own";
    const response = await list(
      open(world, authFor(world, "client credentials"), memoryTokenStore()),
    );
    expect(response).toMatchObject({ result: { resultType: "complete" } });
    expect(world.mcp.received.filter((r) => r.url === "/token")).toHaveLength(1);
  });

  it("refuses root metadata that names another issuer than the server", async () => {
    const world = await startWorld();
    world.resource = "absent";
    world.root = "claims-A";
    const error = await rejection(
      list(open(world, authFor(world, "client credentials"), memoryTokenStore())),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/names another issuer/);
    expect(world.leaks([CLIENT_SECRET])).toEqual([]);
  });
});

/**
 * The class: for every grant, however the client knows A (an issuer given with the
 * credentials, or a first sign-in at A kept in the store), and whatever the server then
 * publishes, no credential of A reaches anything but A's token endpoint.
 */
describe("no credential of A ever leaves for another server", () => {
  const after: Array<{ name: string; resource: ResourceState; root: RootState; bClaimsA?: true }> =
    [
      { name: "metadata names B", resource: "B", root: "absent" },
      { name: "B's metadata claims A's issuer", resource: "B", root: "absent", bClaimsA: true },
      { name: "no metadata anywhere", resource: "absent", root: "absent" },
      { name: "only the server's own root metadata", resource: "absent", root: "own" },
      { name: "root metadata claiming A's issuer", resource: "absent", root: "claims-A" },
    ];
  const cases = GRANTS.flatMap((grant) =>
    (["issuer given", "signed in at A first"] as const).flatMap((known) =>
      after.map((world) => ({ grant, known, world })),
    ),
  );

  it.each(cases)("$grant, $known, then $world.name", async ({ grant, known, world: next }) => {
    const world = await startWorld();
    const store = memoryTokenStore();
    const auth = authFor(world, grant, known === "issuer given" ? world.issuerA : undefined);
    if (known === "signed in at A first") {
      await list(open(world, auth, store));
      expect(world.refreshTokensOfA().length).toBeGreaterThan(0);
    }
    world.resource = next.resource;
    world.root = next.root;
    world.bClaimsA = next.bClaimsA === true;
    world.revokeAll();
    const outcome = await list(open(world, auth, store)).then(
      () => "answered",
      (error: unknown) => (isMcpError(error) ? error.kind : String(error)),
    );
    // A new registration at B may succeed; anything else is a clear refusal.
    expect(outcome === "answered" ? grant : outcome).toMatch(/^(auth|pre-registered client)$/);
    expect(world.leaks(credentialsOfA(world))).toEqual([]);
  });
});
