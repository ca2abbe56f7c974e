/**
 * One run of model-written code in a fresh QuickJS runtime: its own heap (with a memory and a
 * stack limit), an interrupt handler that stops it at the deadline, the prelude's `servers` and
 * `console`, and a loop that runs the sandbox's jobs and waits for the host's tool calls. The
 * runtime is thrown away after the run, so nothing a run does outlives it.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { discardEngine, heapBytes, type QuickJsModule } from "./sandbox-loader.js";
import { PRELUDE } from "./prelude.js";
import { CLIP, describe, errorText, numberProp, readText } from "./sandbox-values.js";
import { toolPath, type CatalogTool } from "./server-catalog.js";
import { createToolBridge, type CodeModeApprover } from "./tool-bridge.js";
import type { CodeModeError, CodeModeLog, CodeModeResult } from "./run-result.js";
import type { CodeModeLimits } from "./limits.js";

/** What a run takes. */
export interface SandboxRunOptions {
  readonly engine: QuickJsModule;
  /** The body of an async function, as JavaScript. */
  readonly code: string;
  readonly catalog: readonly CatalogTool[];
  readonly limits: Required<CodeModeLimits>;
  readonly approve: CodeModeApprover | undefined;
  readonly granted: Set<string>;
  readonly signal: AbortSignal | undefined;
}

/** The mutable state of one run. */
interface RunState {
  deadline: number;
  timedOut: boolean;
  /** The engine's memory grew past the limit (see `heapBytes`). */
  outOfMemory: boolean;
  inFlight: number;
  /** Approvals under way: the deadline waits for them. */
  approving: number;
  wake: () => void;
  logs: CodeModeLog[];
  logChars: number;
  logsCut: boolean;
}

/** Runs `code` (see the module comment); never throws for anything the code does. */
export async function runInSandbox(options: SandboxRunOptions): Promise<CodeModeResult> {
  const { limits } = options;
  const state: RunState = {
    deadline: Date.now() + limits.timeMs,
    timedOut: false,
    outOfMemory: false,
    inFlight: 0,
    approving: 0,
    wake: () => {},
    logs: [],
    logChars: 0,
    logsCut: false,
  };
  const ended = new AbortController();
  const bridge = createToolBridge({
    catalog: options.catalog,
    maxCalls: limits.toolCalls,
    // A result fills at most a quarter of the heap, so the code still has room to use it.
    maxResultChars: Math.floor(limits.memoryBytes / 8),
    approve: options.approve,
    granted: options.granted,
    signal: ended.signal,
    pause: () => {
      const started = Date.now();
      state.approving++;
      return () => {
        state.approving--;
        state.deadline += Date.now() - started;
      };
    },
  });
  const runtime = options.engine.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const base = heapBytes(options.engine) ?? 0;
  runtime.setInterruptHandler(() => {
    state.outOfMemory ||= (heapBytes(options.engine) ?? 0) - base > limits.memoryBytes;
    state.timedOut ||= Date.now() > state.deadline;
    return state.outOfMemory || state.timedOut;
  });
  const context = runtime.newContext();
  const pending = new Set<{ dispose(): void; alive: boolean }>();
  let outcome: { ok: true; value: unknown } | { ok: false; error: CodeModeError };
  try {
    outcome = await drive(options, context, runtime, state, bridge.call, pending);
  } catch (error) {
    // The host's stack or WebAssembly itself gave out: the instance is not trusted again.
    discardEngine();
    const text = error instanceof RangeError ? "InternalError: stack overflow" : String(error);
    outcome = { ok: false, error: failed(state, text) };
  } finally {
    ended.abort();
    release(runtime, context, pending);
  }
  // Memory WebAssembly grew stays grown: a fresh instance gives it back.
  if (state.outOfMemory) discardEngine();
  if (state.logsCut)
    state.logs.push({ level: "warn", text: "[more logs were cut: limits.logChars]" });
  const common = { logs: state.logs, calls: bridge.calls };
  return outcome.ok
    ? { ok: true, value: outcome.value, ...common }
    : { ok: false, value: undefined, ...common, error: outcome.error };
}

/** Sets up the prelude and the code, then runs jobs until the code's promise settles. */
async function drive(
  options: SandboxRunOptions,
  context: QuickJSContext,
  runtime: QuickJSRuntime,
  state: RunState,
  call: (index: number, args: string) => Promise<string>,
  pending: Set<{ dispose(): void; alive: boolean }>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: CodeModeError }> {
  const compiled = context.evalCode(`(async function () {\n${options.code}\n})`, "code.js");
  if (compiled.error) {
    const error = describe(context, compiled.error);
    compiled.error.dispose();
    return {
      ok: false,
      error: {
        kind: "syntax",
        message: `The code does not parse: ${error}. Fix it and run it again.`,
      },
    };
  }
  const scope = new Disposer();
  try {
    return await start(options, context, runtime, state, call, pending, scope, compiled.value);
  } finally {
    scope.dispose();
  }
}

/** The prelude, its host functions, and the code started through the prelude's runner. */
async function start(
  options: SandboxRunOptions,
  context: QuickJSContext,
  runtime: QuickJSRuntime,
  state: RunState,
  call: (index: number, args: string) => Promise<string>,
  pending: Set<{ dispose(): void; alive: boolean }>,
  scope: Disposer,
  compiled: QuickJSHandle,
): Promise<{ ok: true; value: unknown } | { ok: false; error: CodeModeError }> {
  const body = scope.keep(compiled);
  const prelude = scope.keep(context.unwrapResult(context.evalCode(PRELUDE, "prelude.js")));
  const bridgeFn = scope.keep(
    context.newFunction("call", (indexHandle, argsHandle) => {
      const deferred = context.newPromise();
      pending.add(deferred);
      state.inFlight++;
      void call(context.getNumber(indexHandle), context.getString(argsHandle)).then((answer) => {
        state.inFlight--;
        if (deferred.alive) {
          const text = context.newString(answer);
          deferred.resolve(text);
          text.dispose();
          deferred.dispose();
        }
        pending.delete(deferred);
        state.wake();
      });
      return deferred.handle;
    }),
  );
  const emitFn = scope.keep(
    context.newFunction("emit", (levelHandle, textHandle) => {
      log(state, options.limits, context.getString(levelHandle), readText(context, textHandle));
    }),
  );
  const catalog = scope.keep(
    context.newString(
      JSON.stringify(
        options.catalog.map((tool, index) => [tool.server, tool.key, index, toolPath(tool)]),
      ),
    ),
  );
  const clipAt = scope.keep(context.newNumber(CLIP));
  const runner = scope.keep(
    context.unwrapResult(
      context.callFunction(prelude, context.undefined, bridgeFn, emitFn, catalog, clipAt),
    ),
  );
  const started = context.callFunction(runner, context.undefined, body);
  if (started.error)
    return { ok: false, error: failed(state, describe(context, scope.keep(started.error))) };
  const promise = scope.keep(started.value);
  return settle(options, context, runtime, state, promise);
}

/** Runs jobs and waits for tool calls until `promise` settles, the deadline passes, or abort. */
async function settle(
  options: SandboxRunOptions,
  context: QuickJSContext,
  runtime: QuickJSRuntime,
  state: RunState,
  promise: QuickJSHandle,
): Promise<{ ok: true; value: unknown } | { ok: false; error: CodeModeError }> {
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) {
      const text = describe(context, jobs.error);
      jobs.error.dispose();
      return { ok: false, error: failed(state, text) };
    }
    const promiseState = context.getPromiseState(promise);
    if (promiseState.type === "fulfilled") {
      try {
        return finish(options, context, state, promiseState.value);
      } finally {
        promiseState.value.dispose();
      }
    }
    if (promiseState.type === "rejected") {
      try {
        return { ok: false, error: failed(state, describe(context, promiseState.error)) };
      } finally {
        promiseState.error.dispose();
      }
    }
    // An interrupted job can leave the promise pending: the limit is the answer, not a stall.
    if (state.timedOut || state.outOfMemory) return { ok: false, error: failed(state, "") };
    if (options.signal?.aborted)
      return {
        ok: false,
        error: { kind: "cancelled", message: "The run was cancelled by the application." },
      };
    if (state.inFlight === 0 && !runtime.hasPendingJob()) {
      return {
        ok: false,
        error: {
          kind: "stalled",
          message:
            "The code awaits a promise that nothing can settle (there are no timers here, and no tool call is under way). Await tool calls directly.",
        },
      };
    }
    if (runtime.hasPendingJob()) {
      // Let the host's own work (I/O, timers) run between batches of the sandbox's jobs.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else if (!(await waitForHost(state, options.signal))) {
      state.timedOut = true;
      return { ok: false, error: failed(state, "") };
    }
  }
}

/** Waits until a tool call settles (true), or the deadline passes (false), or abort (true). */
function waitForHost(state: RunState, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const check = (): void => {
      const left = state.approving > 0 ? 1_000 : state.deadline - Date.now();
      if (left <= 0) return done(false);
      timer = setTimeout(check, Math.min(left, 1_000));
    };
    let timer = setTimeout(check, Math.max(0, Math.min(state.deadline - Date.now(), 1_000)));
    const done = (value: boolean): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      state.wake = () => {};
      resolve(value);
    };
    const onAbort = (): void => done(true);
    signal?.addEventListener("abort", onAbort);
    state.wake = () => done(true);
  });
}

/** The runner's answer: `R` and the value as JSON, or `E` and the error it described. */
function finish(
  options: SandboxRunOptions,
  context: QuickJSContext,
  state: RunState,
  value: QuickJSHandle,
): { ok: true; value: unknown } | { ok: false; error: CodeModeError } {
  const limit = options.limits.outputBytes;
  const length = numberProp(context, value, "length");
  // UTF-8 takes at least a byte a character: a longer string is over the limit unread.
  if (length - 1 > limit) return tooLarge(limit);
  const text = context.getString(value);
  if (text.startsWith("E")) {
    const thrown = JSON.parse(text.slice(1)) as { name?: string; message?: string; stack?: string };
    return { ok: false, error: failed(state, errorText(thrown)) };
  }
  const json = text.slice(1);
  if (new TextEncoder().encode(json).length > limit) return tooLarge(limit);
  return { ok: true, value: json === "" ? undefined : JSON.parse(json) };
}

function tooLarge(limit: number): { ok: false; error: CodeModeError } {
  return {
    ok: false,
    error: {
      kind: "output",
      message: `The returned value is larger than ${limit} bytes as JSON. Return less: a summary, the fields needed, the first items.`,
    },
  };
}

/** The error of a run that failed with `text`, classified. */
function failed(state: RunState, text: string): CodeModeError {
  if (state.outOfMemory || /out of memory/i.test(text)) {
    return {
      kind: "memory",
      message:
        "The code ran out of memory (limits.memoryBytes) and was stopped. Keep less data at once.",
    };
  }
  if (state.timedOut || text.includes("interrupted")) {
    return {
      kind: "timeout",
      message:
        "The code ran out of time (limits.timeMs) and was stopped. Avoid endless loops, and make fewer or smaller tool calls.",
    };
  }
  return { kind: "runtime", message: `The code threw ${text}` };
}

function log(state: RunState, limits: Required<CodeModeLimits>, level: string, text: string): void {
  if (state.logsCut) return;
  const room = limits.logChars - state.logChars;
  const kept = text.length > room ? text.slice(0, room) : text;
  state.logChars += kept.length;
  if (kept.length < text.length) state.logsCut = true;
  const levels = ["log", "info", "warn", "error", "debug"] as const;
  const known = levels.find((name) => name === level) ?? "log";
  if (kept !== "" || text === "") state.logs.push({ level: known, text: kept });
}

/** Frees what the run still holds, then the runtime; a failure marks the engine unusable. */
function release(
  runtime: QuickJSRuntime,
  context: QuickJSContext,
  pending: Set<{ dispose(): void; alive: boolean }>,
): void {
  try {
    for (const deferred of pending) if (deferred.alive) deferred.dispose();
    context.dispose();
    runtime.dispose();
  } catch {
    // A trap or a leak check: this WebAssembly instance is no longer trusted.
    discardEngine();
  }
}

/** Handles to dispose when the run's setup scope ends. */
class Disposer {
  readonly #handles: QuickJSHandle[] = [];
  keep(handle: QuickJSHandle): QuickJSHandle {
    this.#handles.push(handle);
    return handle;
  }
  dispose(): void {
    for (const handle of this.#handles.reverse()) if (handle.alive) handle.dispose();
  }
}
