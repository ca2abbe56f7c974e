/**
 * Formatting on worker threads, for outputs large enough to pay for starting them (each worker
 * loads prettier, about a tenth of a second). Formatting is most of a cold generation's time and
 * it is CPU-bound, so the pool scales it with the cores. Workers only start from the compiled
 * package: when running from TypeScript sources (tests, development) formatting stays on the
 * main thread, with the same result.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { formatModules } from "./format.js";

/** Below this many modules, starting workers costs more than it saves. */
export const POOL_THRESHOLD = 150;

export interface FormatPool {
  /** Formats a batch (on a worker when there is one), in order. */
  format(texts: string[]): Promise<string[]>;
  close(): Promise<void>;
}

const WORKER_URL = new URL("./format-worker.js", import.meta.url);

/**
 * A pool sized to the machine (or to `workerCount`; 0 keeps formatting on this thread), or the
 * main thread when workers cannot help.
 */
export function createFormatPool(
  moduleCount: number,
  workerCount = availableParallelism(),
): FormatPool {
  const compiled = import.meta.url.endsWith(".js");
  if (!compiled || workerCount < 2 || moduleCount < POOL_THRESHOLD) {
    return { format: formatModules, close: async () => undefined };
  }
  // This thread formats too, between emitting batches: one worker fewer than threads wanted.
  const workers = Array.from({ length: workerCount - 1 }, () => new Worker(WORKER_URL));
  const pending = new Map<
    number,
    { resolve: (texts: string[]) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  for (const worker of workers) {
    worker.unref();
    worker.on("message", (message: { id: number; formatted?: string[]; error?: string }) => {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.formatted !== undefined) waiter?.resolve(message.formatted);
      else waiter?.reject(new Error(message.error ?? "formatting failed"));
    });
    worker.on("error", (error) => {
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
  }
  return {
    format(texts) {
      const id = nextId++;
      const slot = id % (workers.length + 1);
      if (slot === workers.length) return formatModules(texts);
      const worker = workers[slot]!;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
