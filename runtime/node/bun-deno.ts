/**
 * The runtime for Bun and Deno (their export conditions): stdio servers through their
 * `node:child_process`, Streamable HTTP through their own `fetch`. Their undici is a partial
 * stand-in (Bun's has no `Dispatcher.request`), so the Node entry's HTTP path is not used here.
 */
import { installPlatformTransports } from "../transports/index.js";
import { createFetchHttpSseTransport, createFetchHttpTransport } from "../transports/index.js";

installPlatformTransports({
  name: typeof (globalThis as { Bun?: unknown }).Bun === "undefined" ? "Deno" : "Bun",
  async stdio(target) {
    const { createStdioTransport } = await import("./stdio.js");
    return createStdioTransport(target);
  },
  http: async (target) => createFetchHttpTransport(target),
  httpSse: async (target) => createFetchHttpSseTransport(target),
});

export * from "../index.js";
