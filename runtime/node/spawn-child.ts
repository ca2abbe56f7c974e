/**
 * Starting a server process and stopping it again, the way the stdio transport specifies: no
 * shell, and a shutdown that escalates from closing stdin to SIGTERM to SIGKILL. The one
 * exception to "no shell" is a batch file on Windows (`npx.cmd`), which only cmd.exe can run;
 * `windows-command.ts` escapes its arguments for it.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { localError, McpError } from "../protocol/index.js";
import { timerDelay } from "../basics/index.js";
import { planWindowsSpawn, type SpawnPlan } from "./windows-command.js";

/**
 * How long `close()` waits after ending stdin, then after SIGTERM, unless told otherwise
 * (`StdioTransportOptions.shutdownTimeoutMs`).
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 2000;

/** `node "my server.js" --flag`: arguments with spaces, quotes or nothing in them are quoted. */
export function formatCommandLine(command: string, args: readonly string[]): string {
  return [command, ...args]
    .map((part) => (/^[^\s"'\\]+$/.test(part) ? part : JSON.stringify(part)))
    .join(" ");
}

/** A child with its stdin, stdout and stderr piped. */
export type PipedChild = ChildProcess & {
  stdin: NonNullable<ChildProcess["stdin"]>;
  stdout: NonNullable<ChildProcess["stdout"]>;
};

export interface SpawnRequest {
  command: string;
  args: readonly string[];
  env: Record<string, string> | undefined;
  /** Which variables of `process.env` the child inherits; undefined: every one. */
  inheritEnv?: ((name: string) => boolean) | undefined;
  cwd: string | undefined;
  /** The command line, for messages. */
  endpoint: string;
}

/**
 * Spawns the command without a shell and resolves once the OS has started it. `env` is merged
 * over `process.env` (over the variables `inheritEnv` keeps, when given). Rejects with an `McpError` of kind `transport` that names the command and
 * says what to check (PATH, permissions, the working directory) when it cannot be started, and
 * with kind `input` when Node refuses the arguments themselves (e.g. a NUL byte in them).
 */
export async function spawnChild(request: SpawnRequest): Promise<PipedChild> {
  return launchChild(request).started;
}

/** A child spawned without waiting for the OS to start it (see `launchChild`). */
export interface LaunchedChild {
  /** Undefined when Node refused the arguments before spawning anything. */
  child: ChildProcess | undefined;
  /** The environment the child was given. */
  env: NodeJS.ProcessEnv;
  /**
   * Resolves or rejects as `spawnChild` does. A handler is already attached, so it may be left
   * unawaited (a prestarted server never used) without an unhandled rejection.
   */
  started: Promise<PipedChild>;
}

/**
 * `spawnChild` without the wait: the process is asked for at once (synchronously), and
 * `started` tells how that went. Used by `spawnChild` and by `prestartStdioServer`, so both
 * start a server the same way and fail with the same errors.
 */
export function launchChild(request: SpawnRequest): LaunchedChild {
  const env = childEnv(request);
  let plan: SpawnPlan;
  try {
    plan = spawnPlan(request, env);
  } catch (error) {
    // An argument a Windows batch file cannot be given: refused as it is.
    return { child: undefined, env, started: handled(Promise.reject(error)) };
  }
  let child: ChildProcess;
  try {
    child = spawn(plan.file, plan.args, {
      env,
      ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
      windowsVerbatimArguments: plan.verbatim,
    });
  } catch (error) {
    const refused = localError(
      "input",
      `cannot start ${request.endpoint}: ${String(error)}`,
      {},
      error,
    );
    return { child: undefined, env, started: handled(Promise.reject(refused)) };
  }
  const started = new Promise<PipedChild>((resolve, reject) => {
    const onSpawn = (): void => {
      child.off("error", onError);
      resolve(child as PipedChild);
    };
    const onError = (error: Error): void => {
      child.off("spawn", onSpawn);
      reject(spawnError(request, error));
    };
    child.once("spawn", onSpawn);
    child.once("error", onError);
  });
  return { child, env, started: handled(started) };
}

/** `promise`, marked handled: a rejection nobody awaits is not reported as unhandled. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** `process.env` itself when nothing changes it (the common case), else a filtered copy plus `env`. */
export function childEnv(request: SpawnRequest): NodeJS.ProcessEnv {
  const keep = request.inheritEnv;
  if (keep === undefined && request.env === undefined) return process.env;
  const inherited =
    keep === undefined
      ? process.env
      : Object.fromEntries(Object.entries(process.env).filter(([name]) => keep(name)));
  return { ...inherited, ...request.env };
}

/** The command as given, except on Windows, where a batch file goes through cmd.exe. */
function spawnPlan(request: SpawnRequest, env: NodeJS.ProcessEnv): SpawnPlan {
  if (process.platform !== "win32") {
    return { file: request.command, args: request.args, verbatim: false };
  }
  const where = { env, cwd: request.cwd ?? process.cwd(), isFile };
  return planWindowsSpawn(request.command, request.args, where);
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

function spawnError(request: SpawnRequest, error: Error): McpError {
  const code = (error as NodeJS.ErrnoException).code;
  const command = JSON.stringify(request.command);
  const where =
    request.cwd === undefined
      ? ""
      : ` and that the working directory ${JSON.stringify(request.cwd)} exists`;
  let hint: string;
  if (code === "ENOENT") {
    hint = `command not found (ENOENT). Check that ${command} is installed and on PATH (or give its full path)${where}.`;
  } else if (code === "EACCES") {
    hint = `permission denied (EACCES). Check that ${command} is an executable file (chmod +x) and that you may run it${where}.`;
  } else {
    const check =
      where === "" ? "the command and its arguments" : `the command, its arguments${where}`;
    hint = `${error.message}. Check ${check}.`;
  }
  return new McpError({
    kind: "transport",
    target: request.endpoint,
    message: `could not start the MCP server ${JSON.stringify(request.endpoint)}: ${hint}`,
    cause: error,
  });
}

/** True once the child has exited (or was killed) and Node has reaped it. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Stops the child as the spec's stdio shutdown describes: end its stdin, wait up to `timeoutMs`
 * for it to exit, then SIGTERM, wait again, then SIGKILL and wait for the exit. Resolves once
 * the child is gone; never rejects. When stdin is already broken the first wait is skipped. On
 * Windows both signals terminate the process outright.
 */
export async function shutdownChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (hasExited(child)) return;
  // A stdin already destroyed (EPIPE: the child closed its end) cannot deliver EOF: skip to SIGTERM.
  if (child.stdin !== null && !child.stdin.destroyed) {
    child.stdin.end();
    if (await waitForExit(child, timeoutMs)) return;
  }
  child.kill("SIGTERM");
  if (await waitForExit(child, timeoutMs)) return;
  child.kill("SIGKILL");
  await waitForExit(child, undefined);
}

/** Resolves true when the child exits, or false after `timeoutMs` (never, when undefined). */
function waitForExit(child: ChildProcess, timeoutMs: number | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (hasExited(child)) return resolve(true);
    const onExit = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      resolve(true);
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.off("exit", onExit);
            resolve(false);
          }, timerDelay(timeoutMs));
    child.once("exit", onExit);
  });
}
