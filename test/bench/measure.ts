/**
 * Closed-loop throughput: `concurrency` workers each call, await and call again until the
 * window ends. No call starts after the deadline; the ones in flight then still count, and so
 * does the time they take, so the figure is completed calls over the time they really took.
 *
 * The client process's CPU time per call is measured over the same window: unlike throughput
 * it hardly depends on the server or on other load on the machine, so it shows the client's
 * own cost even when throughput is noisy.
 */
import type { BenchClient } from "./bench-client.js";

export interface Measurement {
  callsPerSecond: number;
  /** User plus system CPU time of this process per completed call, in microseconds. */
  cpuMicrosPerCall: number;
}

/** Runs calls for `durationMs` and returns the rate and CPU cost. */
export async function measureThroughput(
  client: BenchClient,
  concurrency: number,
  durationMs: number,
): Promise<Measurement> {
  let completed = 0;
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  let last = start;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      await client.call(next++);
      completed++;
      last = performance.now();
    }
  };
  const workers: Promise<void>[] = [];
  for (let w = 0; w < concurrency; w++) workers.push(worker());
  await Promise.all(workers);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    callsPerSecond: completed / ((last - start) / 1000),
    cpuMicrosPerCall: (cpu.user + cpu.system) / completed,
  };
}
