// `listen`'s resource filter in the initialize era, for any value a caller can pass: an array of
// strings subscribes once per distinct URI and unsubscribes them all on close; anything else is
// an input error before a request is sent. A scripted initialize-era server, in process.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connect, isMcpError } from "@mcp-codegen/runtime";
import type { SubscriptionFilter } from "@mcp-codegen/runtime";
import { scriptedServer } from "../../support/scripted-server.js";

const INITIALIZE_RESULT = {
  protocolVersion: "2025-11-25",
  capabilities: { resources: { subscribe: true } },
  serverInfo: { name: "legacy-scripted", version: "1.0.0" },
};

/** The URIs of the requests of `method` the server received, in order. */
const urisOf = (requests: { method: string; params?: Record<string, unknown> }[], method: string) =>
  requests.filter((r) => r.method === method).map((r) => r.params?.uri);

describe("listen's resourceSubscriptions in the initialize era", () => {
  it("subscribes once per distinct URI of a string array, and refuses anything else", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A few URIs drawn often, so repeats are common.
          fc.array(fc.oneof(fc.constantFrom("test://a", "test://b", ""), fc.string()), {
            maxLength: 6,
          }),
          fc.jsonValue(),
        ),
        async (uris) => {
          const server = scriptedServer({
            initialize: () => INITIALIZE_RESULT,
            "resources/subscribe": () => ({}),
            "resources/unsubscribe": () => ({}),
          });
          const client = await connect(
            { server: server.handler },
            { prior: { era: "legacy", protocolVersion: "2025-11-25" } },
          );
          try {
            expect(client.era).toBe("legacy");
            const filter = { resourceSubscriptions: uris } as SubscriptionFilter;
            const valid = Array.isArray(uris) && uris.every((uri) => typeof uri === "string");
            if (!valid) {
              const error: unknown = await client.listen(filter).then(
                () => undefined,
                (reason: unknown) => reason,
              );
              expect(isMcpError(error) && error.kind === "input").toBe(true);
              expect(urisOf(server.requests, "resources/subscribe")).toEqual([]);
              return;
            }
            const distinct = [...new Set(uris as string[])];
            const subscription = await client.listen(filter);
            expect(urisOf(server.requests, "resources/subscribe")).toEqual(distinct);
            expect(subscription.acknowledged.resourceSubscriptions ?? []).toEqual(distinct);
            await subscription.close();
            await expect
              .poll(() => urisOf(server.requests, "resources/unsubscribe").sort())
              .toEqual([...distinct].sort());
          } finally {
            await client.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
