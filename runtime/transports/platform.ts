/**
 * How `connect()` opens a `{ command }` or `{ url }` target on the platform the runtime was loaded
 * for. The core knows only the web platform (HTTP over `fetch`, no child processes); the entry
 * points that `package.json` export conditions pick for Node, Bun and Deno install theirs on load
 * (runtime/node/index.ts, runtime/node/bun-deno.ts). A bundler that targets a browser or a Worker
 * so never sees a Node module, and the core never imports one.
 */
import type { HttpTarget, StdioTarget } from "./connect-targets.js";
import { createFetchHttpSseTransport, createFetchHttpTransport } from "./fetch-transport.js";
import type { Transport } from "./transport.js";

export interface PlatformTransports {
  /** For messages: "Node.js", "Bun", "Deno", or what the web build runs in. */
  readonly name: string;
  /** Spawns a stdio server; undefined where the platform has no child processes. */
  readonly stdio: ((target: StdioTarget) => Promise<Transport>) | undefined;
  /** Opens a Streamable HTTP transport. */
  readonly http: (target: HttpTarget) => Promise<Transport>;
  /** Opens a transport for the deprecated HTTP+SSE protocol (2024-11-05), the last fallback. */
  readonly httpSse: (target: HttpTarget) => Promise<Transport>;
}

const WEB: PlatformTransports = {
  name: "a browser, Worker or other runtime without child processes",
  stdio: undefined,
  http: async (target) => createFetchHttpTransport(target),
  httpSse: async (target) => createFetchHttpSseTransport(target),
};

let current: PlatformTransports = WEB;

/** Called once by a platform entry point, before any user code runs. */
export function installPlatformTransports(platform: PlatformTransports): void {
  current = platform;
}

export function platformTransports(): PlatformTransports {
  return current;
}
