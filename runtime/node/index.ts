/**
 * The runtime for Node (the `node` export condition): everything the core exports, with stdio
 * servers started as child processes and Streamable HTTP sent through undici's keep-alive pool.
 * Both load on first use, so importing the runtime stays cheap.
 */
import { installPlatformTransports } from "../platform.js";

installPlatformTransports({
  name: "Node.js",
  async stdio(target) {
    const { createStdioTransport } = await import("./stdio.js");
    return createStdioTransport(target);
  },
  async http(target) {
    const { createHttpTransport } = await import("./http.js");
    return createHttpTransport(target);
  },
  async httpSse(target) {
    const { createHttpSseTransport } = await import("./http.js");
    return createHttpSseTransport(target);
  },
});

export * from "../index.js";
