/**
 * Runs of one unit (a server to pull, a folder to generate) never overlap: a request while a run
 * is going queues exactly one more run, however many requests arrive, so the last change is
 * always pulled and two pulls of one server never race to write the same folder.
 */
export interface SerialRuns {
  /** Runs `key` now, or once more after its current run when one is going. */
  request(key: string): void;
  /** Starts nothing more and resolves when every run going has finished. */
  drain(): Promise<void>;
}

/** `run(key)` must not throw: it reports its own failures (the watch goes on after them). */
export function createSerialRuns(run: (key: string) => Promise<void>): SerialRuns {
  const going = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;
  const start = (key: string): void => {
    const done = run(key).finally(() => {
      going.delete(key);
      if (again.delete(key) && !stopped) start(key);
    });
    going.set(key, done);
  };
  return {
    request(key) {
      if (stopped) return;
      if (going.has(key)) again.add(key);
      else start(key);
    },
    async drain() {
      stopped = true;
      again.clear();
      await Promise.all(going.values());
    },
  };
}
