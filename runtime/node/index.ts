/**
 * The runtime for Node (the `node` export condition): everything the core exports, with stdio
 * servers started as child processes and Streamable HTTP sent through undici's keep-alive pool.
 * Both load on first use, so importing the runtime stays cheap.
 */
import { RE2JS } from "re2js";
import type { Dispatcher } from "undici";
import { useLinearEngine } from "../generated/index.js";
import type { HttpTarget } from "../transports/index.js";
import { installPlatformTransports } from "../transports/index.js";

// Loaded with the entry, as before the web build made it lazy: validators run without waiting.
useLinearEngine(RE2JS);

/** The core names undici's `Dispatcher` by its shape only (connect-targets.ts); this is undici. */
const forUndici = (target: HttpTarget) => target as HttpTarget & { dispatcher?: Dispatcher };

installPlatformTransports({
  name: "Node.js",
  async stdio(target) {
    const { createStdioTransport } = await import("./stdio.js");
    return createStdioTransport(target);
  },
  async http(target) {
    const { createHttpTransport } = await import("./http.js");
    return createHttpTransport(forUndici(target));
  },
  async httpSse(target) {
    const { createHttpSseTransport } = await import("./http.js");
    return createHttpSseTransport(forUndici(target));
  },
});

export * from "../index.js";
