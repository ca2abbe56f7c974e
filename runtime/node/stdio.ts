/**
 * The stdio transport: spawns an MCP server and exchanges newline-delimited JSON-RPC with it over
 * the child's stdin and stdout. This module is the public entry point (options and factory); the
 * connection itself, and the types it is built on, live in `stdio-connection.ts`, which does not
 * import this module back.
 *
 * @module @mcp-codegen/runtime/node/stdio
 */
import { localError } from "../protocol/index.js";
import type { PrestartedServer } from "../transports/index.js";
import { takePrestarted } from "./prestart.js";
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, formatCommandLine, spawnChild } from "./spawn-child.js";
import { StdioConnection, type StderrOption, type StdioTransport } from "./stdio-connection.js";

export type { StderrOption, StdioTransport } from "./stdio-connection.js";
export { DEFAULT_SHUTDOWN_TIMEOUT_MS, formatCommandLine };

export interface StdioTransportOptions {
  /**
   * The program to run; no shell is involved, so no quoting, globbing or `&&`. On Windows a
   * batch file (`npx` is `npx.cmd`) is found through PATH / PATHEXT and run by cmd.exe, with
   * every argument escaped so it arrives unchanged.
   */
  command: string;
  args?: string[];
  /** Merged over `process.env`. Values never appear in `endpoint` or error messages. */
  env?: Record<string, string>;
  /**
   * Which variables of `process.env` the server inherits: those it returns true for (default:
   * every one). `env` is merged after, so a variable named there is always passed.
   */
  inheritEnv?: (name: string) => boolean;
  cwd?: string;
  /**
   * `"inherit"` (default): what the server writes is passed on to this process's stderr as is.
   * `"pipe"`: each piece of text is reported as an `onDiagnostic({ kind: "stderr" })`. A function
   * receives the text instead. `"ignore"`: dropped. Whichever is chosen, the last 4 KiB are kept:
   * the error of a server that dies quotes its last lines (and carries the tail as `data.stderr`).
   */
  stderr?: StderrOption;
  /** Longest accepted line from the server, in bytes; longer fails the transport. Default 64 MiB. */
  maxLineBytes?: number;
  /**
   * How long `close()` waits after ending stdin, then after SIGTERM. Default 2000 ms; values above
   * 2^31 - 1 ms (the longest a timer can wait) are clamped to it.
   */
  shutdownTimeoutMs?: number;
  /**
   * The server's process, started ahead by `prestartStdioServer`
   * (`@mcp-codegen/runtime/node/prestart`) for the same command, args, env, inheritEnv and cwd:
   * taken instead of spawning. Refused (kind `input`) when taken before, disposed, or started
   * for another request.
   */
  prestarted?: PrestartedServer;
}

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Spawns `command` (no shell; see `command` for Windows batch files) and resolves with a
 * transport once the process has started. Rejects with an `McpError` of kind `transport` saying
 * which command could not be started and what to check (ENOENT, EACCES, a missing `cwd`), or
 * kind `input` for invalid options (or an argument a Windows batch file cannot be given).
 *
 * The transport never crashes on what the server sends: junk lines, responses with unknown ids
 * and server-to-client requests are reported through `onDiagnostic`. When the server dies (exit,
 * signal, end of stdout, EPIPE) every pending request rejects at once with a `transport` error
 * quoting the end of its stderr, and so does every later request.
 */
export async function createStdioTransport(
  options: StdioTransportOptions,
): Promise<StdioTransport> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  if (!Number.isInteger(maxLineBytes) || maxLineBytes < 1) {
    throw localError("input", `maxLineBytes must be a positive integer, got ${maxLineBytes}`);
  }
  if (!Number.isFinite(shutdownTimeoutMs) || shutdownTimeoutMs < 0) {
    throw localError("input", `shutdownTimeoutMs must be >= 0, got ${shutdownTimeoutMs}`);
  }
  const stderr = options.stderr ?? "inherit";
  const args = options.args ?? [];
  const endpoint = formatCommandLine(options.command, args);
  const request = {
    command: options.command,
    args,
    env: options.env,
    inheritEnv: options.inheritEnv,
    cwd: options.cwd,
    endpoint,
  };
  const child =
    options.prestarted === undefined
      ? await spawnChild(request)
      : await takePrestarted(options.prestarted, request);
  return new StdioConnection(child, endpoint, stderr, maxLineBytes, shutdownTimeoutMs);
}
