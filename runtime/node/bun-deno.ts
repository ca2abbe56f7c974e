/**
 * The runtime for Bun and Deno (their export conditions): stdio servers through their
 * `node:child_process`, Streamable HTTP through their own `fetch`. Their undici is a partial
 * stand-in (Bun's has no `Dispatcher.request`), so the Node entry's HTTP path is not used here.
 */
import { RE2JS } from "re2js";
import { useLinearEngine } from "../generated/index.js";
import { installPlatformTransports } from "../transports/index.js";
import { createFetchHttpSseTransport, createFetchHttpTransport } from "../transports/index.js";

// Loaded with the entry, as on Node: validators run without waiting.
useLinearEngine(RE2JS);

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
