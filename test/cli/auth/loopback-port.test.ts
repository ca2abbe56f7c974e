/**
 * The loopback port and registrations kept across runs: whatever the store holds under the port
 * key (a hand edit, another version's record) the listener starts, on a valid remembered port or
 * a free one; a registration is handed back only for the redirect URI it was made for.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LoopbackRedirect } from "@mcp-codegen/runtime/node/auth";
import { loopbackRegistrations } from "../../../cli/auth/loopback-port.js";
import { memoryTokenStore } from "../../../runtime/auth/token-store.js";
import type { JsonObject } from "../../../runtime/protocol/types.js";

/** A listener stand-in: refuses ports outside 0-65535 as `loopbackRedirect` does; 0 gets 4321. */
function fakeListen(asked: number[]) {
  return async (port: number): Promise<LoopbackRedirect> => {
    asked.push(port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("bad port");
    const bound = port === 0 ? 4321 : port;
    return {
      redirectUri: `http://127.0.0.1:${bound}/callback`,
      authorize: () => Promise.reject(new Error("not used")),
      close: async () => undefined,
    };
  };
}

describe("loopbackRegistrations", () => {
  it("starts a listener whatever the port record holds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (port) => {
        const store = memoryTokenStore();
        await store.set("mcp-codegen loopback-port", { port } as JsonObject);
        const asked: number[] = [];
        const { listener } = await loopbackRegistrations(store, fakeListen(asked));
        const bound = Number(new URL(listener.redirectUri).port);
        expect(bound).toBeGreaterThan(0);
        // The remembered port is tried only when it is a whole number in range; else a free one.
        expect(asked.at(-1) === 0 || asked.at(-1) === port).toBe(true);
      }),
    );
  });

  it("keeps a registration for its own redirect URI only, and remembers the port", async () => {
    const store = memoryTokenStore();
    const first = await loopbackRegistrations(store, fakeListen([]));
    await first.store.set("oauth-client https://as.example", { client_id: "c1" });
    expect(await store.get("mcp-codegen loopback-port")).toEqual({ port: 4321 });
    const same = await loopbackRegistrations(store, fakeListen([]));
    expect(await same.store.get("oauth-client https://as.example")).toMatchObject({
      client_id: "c1",
    });
    // The remembered port is taken: listening moves, and the registration no longer applies.
    const moved = await loopbackRegistrations(store, async (port) => {
      if (port === 4321) throw new Error("EADDRINUSE");
      return fakeListen([])(5555);
    });
    expect(moved.listener.redirectUri).toBe("http://127.0.0.1:5555/callback");
    expect(await moved.store.get("oauth-client https://as.example")).toBeUndefined();
    // Tokens are not tied to a redirect URI.
    await store.set("oauth-tokens https://mcp.example/mcp", { access_token: "t" });
    expect(await moved.store.get("oauth-tokens https://mcp.example/mcp")).toEqual({
      access_token: "t",
    });
  });
});
