/**
 * When a watch stops: Ctrl+C (SIGINT), SIGTERM (a process manager, `docker stop`), or the
 * caller's AbortSignal (`runCli(argv, { signal })`, how tests and embedders end a watch).
 */
export interface StopSignal {
  signal: AbortSignal;
  /** Removes the process signal handlers, so Ctrl+C after the watch does what it did before. */
  dispose(): void;
}

export function createStopSignal(given: AbortSignal | undefined): StopSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  // A handler replaces Node's default of exiting at once: the watch closes its watchers and
  // lets a pull in progress finish, so no server process or half-written folder is left behind.
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  given?.addEventListener("abort", stop, { once: true });
  if (given?.aborted === true) stop();
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      given?.removeEventListener("abort", stop);
    },
  };
}

/** Resolves once `signal` has aborted. */
export function stopped(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
