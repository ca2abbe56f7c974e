/**
 * How `connect()` opens a `{ command }` or `{ url }` target on the platform the runtime was loaded
 * for. The core knows only the web platform (HTTP over `fetch`, no child processes); the entry
 * points that `package.json` export conditions pick for Node, Bun and Deno install theirs on load
 * (runtime/node/index.ts, runtime/node/bun-deno.ts). A bundler that targets a browser or a Worker
 * so never sees a Node module, and the core never imports one.
 */
import type { HttpTarget, StdioTarget } from "./connect-targets.js";
import { McpError } from "./errors.js";
import { createFetchHttpTransport } from "./http/fetch-transport.js";
import type { Transport } from "./transport.js";

export interface PlatformTransports {
  /** For messages: `node`, `bun`, `deno` or `web` (browsers, Workers, anything else). */
  readonly name: string;
  /** Spawns a stdio server; undefined where the platform has no child processes. */
  readonly stdio: ((target: StdioTarget) => Promise<Transport>) | undefined;
  /** Opens a Streamable HTTP transport. */
  readonly http: (target: HttpTarget) => Promise<Transport>;
}

const WEB: PlatformTransports = {
  name: "web",
  stdio: undefined,
  http: async (target) => createFetchHttpTransport(target),
};

let current: PlatformTransports = WEB;

/** Called once by a platform entry point, before any user code runs. */
export function installPlatformTransports(platform: PlatformTransports): void {
  current = platform;
}

export function platformTransports(): PlatformTransports {
  return current;
}

/** What `connect({ command })` says on a platform without child processes. */
export function stdioUnavailable(target: StdioTarget, platform: string): McpError {
  return new McpError({
    kind: "input",
    target: target.command,
    message: `cannot start ${JSON.stringify(target.command)}: a stdio server needs a child process, which this platform (${platform}) does not have; stdio works on Node, Bun and Deno. Here, connect to the server over Streamable HTTP with { url }`,
  });
}
