/**
 * Starting a stdio server before its connection: a program that knows its server's command
 * early (a CLI right after parsing its flags) spawns it at once, lets it boot while the rest of
 * the program loads, and hands it to `connect()` later through the target's `prestarted` field.
 * Light on purpose: it loads the spawning code alone, not the client or the transports.
 *
 * @module @mcp-codegen/runtime/node/prestart
 */
import type { ChildProcess } from "node:child_process";
import { PassThrough, pipeline, type Readable } from "node:stream";
import { localError, type McpError } from "../protocol/index.js";
import type { PrestartedServer } from "../transports/index.js";
import { childEnv, DEFAULT_SHUTDOWN_TIMEOUT_MS, formatCommandLine } from "./spawn-child.js";
import { launchChild, shutdownChild } from "./spawn-child.js";
import type { LaunchedChild, PipedChild, SpawnRequest } from "./spawn-child.js";

/** What to start: the fields of the stdio target it will be handed to, with the same meaning. */
export interface PrestartOptions {
  command: string;
  args?: string[];
  /** Merged over `process.env`. */
  env?: Record<string, string>;
  /** Which variables of `process.env` the server inherits (default: every one). */
  inheritEnv?: (name: string) => boolean;
  cwd?: string;
}

type State = "waiting" | "taken" | "disposed";

/** Children no connection has taken yet: stopped when the process exits. */
const waiting = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Stops every child still waiting when this process exits: a program that failed (or went
 * another way) before connecting leaves no server behind. SIGTERM, and our end of its pipes
 * closes with us, so a server that waits for the end of its stdin sees it too.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of waiting) child.kill("SIGTERM");
  });
}

/** A handle from `prestartStdioServer`; give it to `connect()` as `{ …target, prestarted }`. */
export class PrestartedStdioServer implements PrestartedServer {
  #state: State = "waiting";
  #stopping: Promise<void> | undefined;

  /** @internal Use `prestartStdioServer`. */
  constructor(
    private readonly request: SpawnRequest,
    private readonly launched: LaunchedChild,
  ) {}

  /** The server's process id; undefined when it could not be spawned. */
  get pid(): number | undefined {
    return this.launched.child?.pid;
  }

  /** True once a transport has taken the process. */
  get taken(): boolean {
    return this.#state === "taken";
  }

  /**
   * Stops the server if no transport took it: ends its stdin, then SIGTERM, then SIGKILL (as the
   * transport's `close()`), and releases its pipes. A no-op once taken; never rejects.
   */
  dispose(): Promise<void> {
    if (this.#state === "waiting") {
      this.#state = "disposed";
      const child = this.launched.child;
      if (child !== undefined) waiting.delete(child);
      this.#stopping = this.launched.started.then(
        (started) => stop(started),
        () => undefined,
      );
    }
    return this.#stopping ?? Promise.resolve();
  }

  /**
   * @internal The stdio transport's side: the child, once the OS has started it (rejecting as
   * spawning would have); refused (kind `input`) when taken before, disposed, or started for
   * another request than `request`.
   */
  async take(request: SpawnRequest): Promise<PipedChild> {
    if (this.#state !== "waiting") {
      throw localError(
        "input",
        `the prestarted server ${JSON.stringify(this.request.endpoint)} was ${this.#state === "taken" ? "already taken by a connection; a handle is taken once (a restart and every other connection spawn anew): pass it to one connect() only" : "disposed; prestart it again"}`,
        { target: request.endpoint },
      );
    }
    const mismatch = differs(this.request, this.launched.env, request);
    if (mismatch !== undefined) throw mismatch;
    this.#state = "taken";
    const child = this.launched.child;
    if (child !== undefined) {
      waiting.delete(child);
      setRef(child, true);
    }
    return this.launched.started;
  }
}

/**
 * Spawns a stdio server now (no shell, exactly as the stdio transport would) and returns its
 * handle at once, without waiting: pass it as the `prestarted` field of a stdio target with the
 * same `command`, `args`, `env`, `inheritEnv` and `cwd`, and `connect()`'s first transport takes
 * the running process instead of spawning one.
 *
 * - Never throws and never rejects: a spawn failure (ENOENT, EACCES, a missing `cwd`, arguments
 *   Node refuses) is reported by `connect()`, with the same `McpError` as without prestarting.
 * - What the server writes before it is taken waits in its pipes; an exit before then is
 *   reported by the transport as usual, with its stderr.
 * - Until taken, the process does not keep this process alive, and it is stopped (SIGTERM) when
 *   this process exits; `dispose()` stops it earlier. Once taken, the connection owns it.
 * - A handle is taken once; `connect()` refuses (kind `input`) a taken or disposed handle, and
 *   one started for another command line, environment (as `env` and `inheritEnv` make it from
 *   `process.env`) or working directory.
 */
export function prestartStdioServer(options: PrestartOptions): PrestartedStdioServer {
  const args = options.args ?? [];
  const request: SpawnRequest = {
    command: options.command,
    args,
    env: options.env,
    inheritEnv: options.inheritEnv,
    cwd: options.cwd,
    endpoint: formatCommandLine(options.command, args),
  };
  const launched = launchChild(request);
  const child = launched.child;
  if (child !== undefined) {
    // After the spawn, "error" only means a kill() failed: never an unhandled event.
    child.on("error", () => {});
    child.stdin?.on("error", () => {});
    relayOutput(child);
    setRef(child, false);
    waiting.add(child);
    installExitHook();
    // Gone before anyone took it: nothing to stop at exit.
    child.once("exit", () => waiting.delete(child));
  }
  return new PrestartedStdioServer(request, launched);
}

/**
 * The stdio transport's side of a handle (stdio.ts): the started child, or an `input` error for
 * an object that is no handle from `prestartStdioServer`.
 */
export function takePrestarted(
  handle: PrestartedServer,
  request: SpawnRequest,
): Promise<PipedChild> {
  if (!(handle instanceof PrestartedStdioServer)) {
    throw localError(
      "input",
      "prestarted must be the handle prestartStdioServer() returned (from @mcp-codegen/runtime/node/prestart)",
      { target: request.endpoint },
    );
  }
  return handle.take(request);
}

/**
 * Why `request` may not take a child started for `started` (with `env`): undefined when it may.
 * The environment is compared as the child got it, so an `inheritEnv` that is another function
 * with the same effect is the same request. No value is quoted: they may be secrets.
 */
function differs(
  started: SpawnRequest,
  env: NodeJS.ProcessEnv,
  request: SpawnRequest,
): McpError | undefined {
  const sameArgs =
    started.args.length === request.args.length &&
    started.args.every((arg, index) => arg === request.args[index]);
  let what: string | undefined;
  if (started.command !== request.command || !sameArgs) what = "another command line";
  else if (started.cwd !== request.cwd) what = "another working directory";
  else if (!sameEnv(env, childEnv(request))) what = "another environment";
  if (what === undefined) return undefined;
  return localError(
    "input",
    `the prestarted server ${JSON.stringify(started.endpoint)} was started with ${what} than the connection to ${JSON.stringify(request.endpoint)} asks for: prestart it with the target's own command, args, env, inheritEnv and cwd`,
    { target: request.endpoint },
  );
}

function sameEnv(a: NodeJS.ProcessEnv, b: NodeJS.ProcessEnv): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Puts a relay between each output pipe and its readers. When a child exits, Node drains every
 * output pipe nobody reads yet, and what it drains is lost: the server's last words (its stderr,
 * an answer) would vanish before the transport takes the child. Piped into a relay, they wait
 * there, with backpressure (a server that writes more than the pipes hold waits, as it would
 * with nobody reading). Destroying a relay (the transport's close) destroys its pipe too.
 */
function relayOutput(child: ChildProcess): void {
  const relay = (pipe: Readable | null): Readable | null => {
    if (pipe === null) return null;
    const through = new PassThrough();
    // Errors reach the relay's readers (the transport) as its own "error"; none is unhandled.
    pipeline(pipe, through, () => {});
    through.on("error", () => {});
    return through;
  };
  child.stdout = relay(child.stdout);
  child.stderr = relay(child.stderr);
}

/** Whether the child (and its pipes: `stdio`, the relays' sources) keep this process alive. */
function setRef(child: ChildProcess, on: boolean): void {
  if (on) child.ref();
  else child.unref();
  for (const stream of child.stdio) {
    const handle = stream as { ref?: () => void; unref?: () => void } | null;
    if (on) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** The spec's shutdown (end stdin, SIGTERM, SIGKILL), then the pipes released. */
async function stop(child: PipedChild): Promise<void> {
  await shutdownChild(child, DEFAULT_SHUTDOWN_TIMEOUT_MS);
  child.stdin.destroy();
  child.stdout.destroy();
  child.stderr?.destroy();
}
