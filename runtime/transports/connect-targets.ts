/**
 * The targets `connect()` opens, as plain data: a command (stdio), a URL (Streamable HTTP) or an
 * in-process handler. Types only, so platform entry points can name them without loading `connect`.
 */
import type { OAuthOptions } from "../auth/index.js";
import type { FetchFunction } from "../http/index.js";
import type { InProcessHandler } from "./in-process.js";

/** Spawn a server and speak newline-delimited JSON over its stdin and stdout. */
export interface StdioTarget {
  command: string;
  args?: string[];
  /** Added to the inherited environment. */
  env?: Record<string, string>;
  /**
   * Which variables of this process's environment the server inherits: those it returns true for
   * (default: every one). `env` is added after, so a variable named there is always passed.
   */
  inheritEnv?: (name: string) => boolean;
  cwd?: string;
  /** What to do with the server's stderr (default: inherit). */
  stderr?: "inherit" | "pipe" | "ignore" | ((text: string) => void);
  /**
   * How long `close()` waits for the server to exit after ending its stdin, then after SIGTERM,
   * before the next signal. Default 2000 ms; a program that only listed something may ask less.
   */
  shutdownTimeoutMs?: number;
  /**
   * Node: the server's process, already started by `prestartStdioServer` (from
   * `@mcp-codegen/runtime/node/prestart`) with the same command, args, env, inheritEnv and cwd,
   * so it boots while the program loads. `connect()`'s first transport takes it instead of
   * spawning; a restart, a probe's restart and every other connection spawn anew. A handle is
   * taken once: a second `connect()` with it is refused (kind `input`), as is a handle started
   * for another command line, environment or folder.
   */
  prestarted?: PrestartedServer;
}

/**
 * A server process started ahead of its connection (see `StdioTarget.prestarted`). Opaque to the
 * core: only the platform's stdio transport can take one.
 */
export interface PrestartedServer {
  /** The process id, once spawned; undefined when it could not be. */
  readonly pid: number | undefined;
  /**
   * Stops the process when no connection has taken it (no-op once taken, or twice); resolves
   * once it is gone. Never rejects.
   */
  dispose(): Promise<void>;
}

/** A Streamable HTTP endpoint. */
export interface HttpTarget {
  url: string | URL;
  /** Sent on every request (e.g. `Authorization`). Never written to snapshots or generated code. */
  headers?: Record<string, string>;
  /**
   * Node only: an undici dispatcher (proxy, TLS options, connection pool) to use instead of the
   * default pool. Other platforms send with `fetch` and ignore it.
   */
  dispatcher?: UndiciDispatcher;
  /**
   * The `fetch` to send with where the runtime uses fetch (browsers, Workers, Deno, Bun): e.g. one
   * that adds tracing. Default: the global `fetch`. Node sends with undici and ignores it.
   */
  fetch?: FetchFunction;
  /**
   * OAuth for a protected server (2026-07-28 authorization): on a 401 the runtime discovers the
   * authorization server, registers or identifies the client, sends the user through
   * `auth.redirect`, and from then on sends the token with every request.
   */
  auth?: OAuthOptions;
}

/**
 * An undici `Dispatcher` (Agent, Pool, ProxyAgent, MockAgent …), named by its shape: importing
 * undici's types here would load them, and Node's (`@types/node`) with them, into every program
 * that compiles a generated client, browser and Worker apps included, and parsing them was a
 * sixth of a strict compile of a large client. The Node entry hands it to undici as is.
 */
export interface UndiciDispatcher {
  dispatch(options: never, handler: never): boolean;
}

/** A server in the same process: requests are handed over without serialisation. */
export interface InProcessTarget {
  server: InProcessHandler;
}
