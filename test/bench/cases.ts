/**
 * The four benchmark cases: each transport, with one caller (sequential: latency-bound) and with
 * 64 callers sharing one connection (concurrent: overhead-bound).
 */
import { TRANSPORT_NAMES } from "./bench-client.js";
import type { TransportName } from "./bench-client.js";

export interface BenchCase {
  /** `stdio seq`, `stdio ×64`, … */
  label: string;
  /** Machine-readable key for `--json`: `stdio-sequential`, `http-concurrent-64`, … */
  key: string;
  transport: TransportName;
  concurrency: number;
}

export const CONCURRENCY = 64;

export const BENCH_CASES: readonly BenchCase[] = TRANSPORT_NAMES.flatMap((transport) => [
  { label: `${transport} seq`, key: `${transport}-sequential`, transport, concurrency: 1 },
  {
    label: `${transport} ×${CONCURRENCY}`,
    key: `${transport}-concurrent-${CONCURRENCY}`,
    transport,
    concurrency: CONCURRENCY,
  },
]);
