/**
 * Turns raw rounds into the figures the report prints: per-client medians and spreads, and the
 * throughput ratios, each the median of per-round ratios (rounds are interleaved, so the clients
 * of one round ran under the same machine load and their ratio cancels most of the noise).
 */
import { CLIENT_NAMES, EXTRA_CLIENTS, EXTRA_CLIENT_NAMES } from "./bench-client.js";
import type { ClientName, ExtraClientName } from "./bench-client.js";
import type { BenchCase } from "./cases.js";
import type { Measurement } from "./measure.js";
import { median, spread } from "./stats.js";

/** The runtime must reach at least floor / TARGET_FACTOR calls per second in every case. */
export const TARGET_FACTOR = 1.25;

export interface CaseSamples {
  benchCase: BenchCase;
  /** One measurement per round, per client. */
  rounds: Record<ClientName, Measurement[]>;
  /** The extra clients' rounds, for those the case runs (not part of the target). */
  extra: Partial<Record<ExtraClientName, Measurement[]>>;
}

export interface ClientFigure {
  /** Median over the rounds. */
  callsPerSecond: number;
  /** Half the min–max range of calls per second over the median. */
  spread: number;
  /** Median client-process CPU time per call, in microseconds. */
  cpuMicrosPerCall: number;
  /** Calls per second of each round, in order. */
  rounds: number[];
}

export interface CaseSummary {
  case: string;
  label: string;
  transport: string;
  concurrency: number;
  clients: Record<ClientName, ClientFigure>;
  ratios: { runtimeToFloor: number; officialToFloor: number; runtimeToOfficial: number };
  targetHolds: boolean;
  /**
   * Each extra client the case ran: its figures and its throughput ratio to the client it is
   * compared with (`EXTRA_CLIENTS`: the floor for `fetch`, the runtime without pin for
   * `pinned`). No part of the target.
   */
  extra: Partial<Record<ExtraClientName, ExtraFigure>>;
}

export interface ExtraFigure extends ClientFigure {
  /** The client the ratio is against. */
  against: ClientName;
  /** Median of per-round throughput ratios to `against`. */
  ratio: number;
}

export function summarise(samples: CaseSamples): CaseSummary {
  const { benchCase, rounds } = samples;
  const clients = {} as Record<ClientName, ClientFigure>;
  for (const name of CLIENT_NAMES) clients[name] = figure(rounds[name]);
  const ratio = (a: ClientName, b: ClientName): number => medianRatio(rounds[a], rounds[b]);
  const runtimeToFloor = ratio("runtime", "floor");
  const extra: CaseSummary["extra"] = {};
  for (const name of EXTRA_CLIENT_NAMES) {
    const measured = samples.extra[name];
    if (measured === undefined) continue;
    const { against } = EXTRA_CLIENTS[name];
    extra[name] = { ...figure(measured), against, ratio: medianRatio(measured, rounds[against]) };
  }
  return {
    case: benchCase.key,
    label: benchCase.label,
    transport: benchCase.transport,
    concurrency: benchCase.concurrency,
    clients,
    ratios: {
      runtimeToFloor,
      officialToFloor: ratio("official", "floor"),
      runtimeToOfficial: ratio("runtime", "official"),
    },
    targetHolds: runtimeToFloor >= 1 / TARGET_FACTOR,
    extra,
  };
}

function figure(measurements: readonly Measurement[]): ClientFigure {
  const rates = measurements.map((m) => m.callsPerSecond);
  return {
    callsPerSecond: median(rates),
    spread: spread(rates),
    cpuMicrosPerCall: median(measurements.map((m) => m.cpuMicrosPerCall)),
    rounds: rates,
  };
}

/** The median over rounds of a's calls per second over b's in the same round. */
function medianRatio(a: readonly Measurement[], b: readonly Measurement[]): number {
  return median(a.map((m, round) => m.callsPerSecond / (b[round] as Measurement).callsPerSecond));
}
