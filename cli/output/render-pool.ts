/**
 * Rendering a large catalog's modules on worker threads as well as this one: rendering a
 * thousand tools is a second of CPU, and a two-core machine's other core is idle meanwhile.
 * Jobs go out in small chunks to whichever thread is free, and come back into their places, so
 * the output (and its warnings, in order) is the same with any number of workers. Whatever goes
 * wrong with a worker (it cannot start, dies, stalls, or a chunk fails in it), its chunks are
 * rendered on this thread instead: a worker can only make a run faster, never change or hang it.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import {
  renderModuleJobs,
  type CachedModule,
  type FormatMode,
  type ModuleJob,
  type ModuleRenderer,
  type RenderedCallback,
} from "../../templates/index.js";
import type { RenderReply, RenderRequest } from "./render-worker-messages.js";

/** More workers than this only add start-up cost and memory for a catalog of a few thousand. */
const MAX_WORKERS = 3;
/**
 * Below this many modules to render, started workers cost more (memory, cloning, a second
 * warm-up of the code) than they save; rendering a tool takes ~1 ms.
 */
const MIN_JOBS = 200;
/**
 * The same when no worker is started yet: one takes ~0.3 s (0.35 s of CPU) to load its modules,
 * in which this thread renders some 300 tools alone, so a smaller catalog is done before a
 * worker could help.
 */
const MIN_COLD_JOBS = 500;
/** Jobs per message: small enough to share the tail evenly, large enough to amortise a message. */
const CHUNK_SIZE = 16;
/** Chunks a worker holds at once, so it starts the next one without waiting for this thread. */
const IN_FLIGHT = 2;
/** A worker silent this long while this thread waits on it is taken as hung, and replaced. */
const STALL_MS = 30_000;
/** Idle workers are stopped after this long, so a warmed pool never used costs nothing. */
const IDLE_MS = 10_000;

export interface RenderPoolOptions {
  /** Workers to run; default `workerCount()`. 0 renders everything on this thread. */
  workers?: number;
  /** Fewer jobs than this are rendered on this thread alone; default 200. */
  minJobs?: number;
  /** The same when the workers are not started (not warmed, or stopped when idle); default 500. */
  minColdJobs?: number;
  /** The worker's module; default `render-worker.js` beside this file (absent under sources). */
  entry?: URL;
  /** Jobs per message; default 16 (tests use fewer, to interleave more). */
  chunkSize?: number;
  /** See `STALL_MS`; tests shorten it. */
  stallMs?: number;
  /** See `IDLE_MS`. */
  idleMs?: number;
}

/** Worker threads for rendering modules, started on demand and stopped when idle. */
export interface RenderPool {
  /**
   * Starts the workers now, so their modules load while this thread waits on something else
   * (a server's boot); resolves to how many are ready (0 when the pool has none, or they cannot
   * start), and never rejects. Neither the promise nor idle workers keep the process alive
   * (whoever awaits it keeps the process alive by other means), and idle workers stop by
   * themselves after a while.
   */
  warm(): Promise<number>;
  /**
   * Renders jobs across the workers and this thread, resolving to exactly what
   * `renderModuleJobs` gives. Rejects only as `renderModuleJobs` would on this thread.
   */
  render: ModuleRenderer;
  /** Stops the workers now; a later `warm` or `render` starts them again. */
  close(): Promise<void>;
  /** Chunks rendered so far by workers and by this thread (for tests and benchmarks). */
  readonly chunks: { workers: number; here: number };
}

/**
 * Cores left to this thread and to V8's own helper threads (concurrent garbage collection and
 * compilation, which a cold render keeps busy) before a worker is worth starting. Measured on 2
 * cores (2026-12-05, a quiet machine, 1,000 tools): one worker made a cold generate slower,
 * 1.9–2.1 s against 1.8–2.0 s, with 0.6 s more CPU (the worker loads the generator and warms
 * its code up a second time) and 25 MB more memory.
 */
const RESERVED_CORES = 3;

/**
 * Workers worth running beside this thread: one per core beyond `RESERVED_CORES`, at most
 * `MAX_WORKERS`; none on 3 cores or fewer.
 */
export function workerCount(parallelism: number = availableParallelism()): number {
  return Math.max(0, Math.min(parallelism - RESERVED_CORES, MAX_WORKERS));
}

/** One worker and the chunks it holds. */
interface Slot {
  worker: Worker;
  ready: boolean;
  held: Set<number>;
  /** Resolves true once the worker is ready, false if it exits first. */
  started: Promise<boolean>;
  settle: (ready: boolean) => void;
}

/** One call to `render`: its chunks, where each one is, and how to wake the loop. */
interface Run {
  id: number;
  header: string;
  format: FormatMode | undefined;
  chunks: ModuleJob[][];
  results: CachedModule[][];
  /** Chunks nobody holds yet; a worker takes from the front, this thread from the back. */
  queue: number[];
  /** Chunks that failed in a worker: rendered here, where a failure shows its real error. */
  here: number[];
  wake: () => void;
  /** Told each module once its chunk is rendered. */
  onRendered: RenderedCallback | undefined;
  /** What `onRendered` threw first, to fail the run with. */
  failure?: { error: unknown };
}

/** Creates a pool; the CLI uses one per process (`warmRenderWorkers`, `renderInWorkers`). */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const size = options.workers ?? workerCount();
  const minJobs = options.minJobs ?? MIN_JOBS;
  const minColdJobs = options.minColdJobs ?? MIN_COLD_JOBS;
  const entry = options.entry ?? new URL("./render-worker.js", import.meta.url);
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const stallMs = options.stallMs ?? STALL_MS;
  const idleMs = options.idleMs ?? IDLE_MS;
  const slots: Slot[] = [];
  let broken = size === 0 || (entry.protocol === "file:" && !existsSync(fileURLToPath(entry)));
  let run: Run | undefined;
  let runs = 0;
  let idle: NodeJS.Timeout | undefined;

  const chunks = { workers: 0, here: 0 };

  function start(): void {
    if (broken) return;
    while (slots.length < size) slots.push(spawn());
    stopWhenIdle();
  }

  async function warm(): Promise<number> {
    start();
    const started = await Promise.all(slots.map((slot) => slot.started));
    return started.filter(Boolean).length;
  }

  function spawn(): Slot {
    // Not the flags this process was started with: a test runner's `--import` hooks, an
    // `--input-type` (an error for a file), a `--cpu-prof` per thread are not the worker's.
    const worker = new Worker(entry, { execArgv: [] });
    let settle: (ready: boolean) => void = () => undefined;
    const started = new Promise<boolean>((resolve) => (settle = resolve));
    const slot: Slot = { worker, ready: false, held: new Set(), started, settle };
    worker.on("message", (reply: RenderReply) => received(slot, reply));
    // An error is followed by an exit: the exit handler does the rest.
    worker.on("error", () => undefined);
    worker.on("exit", () => lost(slot));
    worker.unref();
    return slot;
  }

  function received(slot: Slot, reply: RenderReply): void {
    if (reply.type === "ready") {
      slot.ready = true;
      slot.settle(true);
    } else if (run !== undefined && reply.run === run.id && slot.held.delete(reply.chunk)) {
      if (reply.type === "rendered") {
        settleChunk(run, reply.chunk, reply.modules);
        chunks.workers++;
      } else run.here.push(reply.chunk);
    }
    dispatch();
    run?.wake();
  }

  function lost(slot: Slot): void {
    slot.settle(false);
    const at = slots.indexOf(slot);
    if (at < 0) return; // stopped on purpose
    slots.splice(at, 1);
    // One that never started will not start next time either (a missing or broken module).
    if (!slot.ready) broken = true;
    if (run !== undefined) run.queue.unshift(...slot.held);
    run?.wake();
  }

  function dispatch(): void {
    if (run === undefined) return;
    for (const slot of slots) {
      while (slot.ready && slot.held.size < IN_FLIGHT && run.queue.length > 0) {
        const chunk = run.queue.shift()!;
        const request: RenderRequest = {
          run: run.id,
          chunk,
          header: run.header,
          jobs: run.chunks[chunk]!,
          format: run.format,
        };
        try {
          slot.worker.postMessage(request);
          slot.held.add(chunk);
        } catch {
          // Not cloneable (no snapshot value should be): this thread renders it.
          run.here.push(chunk);
        }
      }
    }
  }

  function stopWhenIdle(): void {
    clearTimeout(idle);
    idle = setTimeout(() => void close(), idleMs).unref();
  }

  async function close(): Promise<void> {
    clearTimeout(idle);
    // A run in progress gets the chunks back and renders them here.
    const stopping = slots.splice(0).map((slot) => {
      if (run !== undefined) run.queue.unshift(...slot.held);
      slot.held.clear();
      return slot.worker.terminate();
    });
    run?.wake();
    await Promise.all(stopping);
  }

  async function render(
    header: string,
    jobs: readonly ModuleJob[],
    format: FormatMode | undefined,
    onRendered?: RenderedCallback,
  ): Promise<CachedModule[]> {
    const enough = jobs.length >= (slots.length > 0 ? minJobs : minColdJobs);
    if (broken || !enough || run !== undefined) {
      return renderModuleJobs(header, jobs, format, onRendered);
    }
    start();
    clearTimeout(idle);
    const current = newRun(++runs, header, chunksOf(jobs, chunkSize), format, onRendered);
    run = current;
    // Held by a run, workers keep the process alive; idle again, they do not.
    for (const slot of slots) slot.worker.ref();
    try {
      await share(current);
    } finally {
      run = undefined;
      for (const slot of slots) slot.worker.unref();
      stopWhenIdle();
    }
    return current.results.flat();
  }

  /** This thread's side of a run: render what nobody holds, wait for the rest. */
  async function share(current: Run): Promise<void> {
    for (;;) {
      // The caller's `onRendered` threw (in a worker's reply): the run fails with its error.
      if (current.failure !== undefined) throw current.failure.error;
      dispatch();
      const chunk = current.here.pop() ?? current.queue.pop();
      if (chunk !== undefined) {
        settleChunk(
          current,
          chunk,
          await renderModuleJobs(current.header, current.chunks[chunk]!, current.format),
        );
        chunks.here++;
        // Lets the workers' replies in, so they get their next chunks.
        await nextTurn();
        continue;
      }
      if (slots.every((slot) => slot.held.size === 0)) {
        // Nobody holds anything: a chunk still without its modules (it cannot be, but a run
        // must end complete) is rendered here.
        const left = current.chunks.flatMap((_, i) => (current.results[i] ? [] : [i]));
        if (left.length === 0) return;
        current.here.push(...left);
        continue;
      }
      if (!(await changed(current))) stopStalled();
    }
  }

  /** Whether something happened (a reply, a worker lost) before the stall limit. */
  function changed(current: Run): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), stallMs);
      current.wake = () => {
        clearTimeout(timer);
        current.wake = () => undefined;
        resolve(true);
      };
    });
  }

  /** Replaces the workers holding chunks with this thread: they said nothing for too long. */
  function stopStalled(): void {
    for (const slot of slots.filter((s) => s.held.size > 0)) {
      lost(slot);
      void slot.worker.terminate();
    }
  }

  return { warm, render, close, chunks };
}

/**
 * Keeps a chunk's modules and tells them to the run's `onRendered`; a chunk rendered twice (a
 * stalled worker's late reply after this thread redid it) is told once, as its first result.
 */
function settleChunk(run: Run, chunk: number, modules: CachedModule[]): void {
  if (run.results[chunk] !== undefined) return;
  run.results[chunk] = modules;
  const first = chunk * (run.chunks[0]?.length ?? 0);
  try {
    modules.forEach((module, i) => run.onRendered?.(first + i, module));
  } catch (error) {
    run.failure ??= { error };
  }
}

function chunksOf(jobs: readonly ModuleJob[], size: number): ModuleJob[][] {
  const chunks: ModuleJob[][] = [];
  for (let at = 0; at < jobs.length; at += size) chunks.push(jobs.slice(at, at + size));
  return chunks;
}

function newRun(
  id: number,
  header: string,
  chunks: ModuleJob[][],
  format: FormatMode | undefined,
  onRendered: RenderedCallback | undefined,
): Run {
  return {
    id,
    header,
    format,
    onRendered,
    chunks,
    results: [],
    queue: chunks.map((_, i) => i),
    here: [],
    wake: () => undefined,
  };
}

let shared: RenderPool | undefined;

/**
 * Starts the process's render workers ahead of a render (`pull` calls it before connecting, so
 * the workers load during the server's boot). Never keeps the process alive; unused workers
 * stop by themselves.
 */
export function warmRenderWorkers(): void {
  shared ??= createRenderPool();
  void shared.warm();
}

/** Renders with the process's pool: on workers for a large catalog, else on this thread. */
export const renderInWorkers: ModuleRenderer = (header, jobs, format, onRendered) => {
  shared ??= createRenderPool();
  return shared.render(header, jobs, format, onRendered);
};
