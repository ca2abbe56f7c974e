/** The human-readable table, and the verdict on the runtime's target. */
import { CLIENT_NAMES, EXTRA_CLIENTS, EXTRA_CLIENT_NAMES } from "./bench-client.js";
import type { RuntimeOrigin } from "./runtime-client.js";
import type { CaseSummary } from "./summary.js";
import { TARGET_FACTOR } from "./summary.js";

export interface ReportSettings {
  rounds: number;
  durationMs: number;
  warmupMs: number;
}

export interface MachineLoad {
  cores: number;
  /** The 1-minute load average when the rounds ended. */
  loadAverage: number;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

function cell(callsPerSecond: number, spread: number): string {
  return `${integer.format(callsPerSecond)} ±${Math.round(spread * 100)}%`;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((text, column) =>
          column === 0 ? text.padEnd(widths?.[column] ?? 0) : text.padStart(widths?.[column] ?? 0),
        )
        .join("   "),
    )
    .join("\n");
}

export function formatReport(
  summaries: readonly CaseSummary[],
  settings: ReportSettings,
  machine: MachineLoad,
  origin: RuntimeOrigin,
): string {
  const header = ["case", ...CLIENT_NAMES, "runtime/floor", "official/floor", "runtime/official"];
  const rows = summaries.map((s) => [
    s.label,
    ...CLIENT_NAMES.map((name) => cell(s.clients[name].callsPerSecond, s.clients[name].spread)),
    s.ratios.runtimeToFloor.toFixed(2),
    s.ratios.officialToFloor.toFixed(2),
    s.ratios.runtimeToOfficial.toFixed(2),
  ]);
  const cpuRows = summaries.map((s) => [
    s.label,
    ...CLIENT_NAMES.map((name) => s.clients[name].cpuMicrosPerCall.toFixed(1)),
  ]);
  const threshold = (1 / TARGET_FACTOR).toFixed(2);
  const misses = summaries.filter((s) => !s.targetHolds);
  const verdict =
    misses.length === 0
      ? `target HOLDS: runtime ≥ floor/${TARGET_FACTOR} (ratio ≥ ${threshold}) in all ${summaries.length} cases`
      : `target MISSED: runtime < floor/${TARGET_FACTOR} (ratio < ${threshold}) in ${misses
          .map((s) => `${s.label} (${s.ratios.runtimeToFloor.toFixed(2)})`)
          .join(", ")}`;
  const extraRows = summaries.map((s) => [
    s.label,
    ...EXTRA_CLIENT_NAMES.flatMap((name) => {
      const figure = s.extra[name];
      if (figure === undefined) return ["", "", ""];
      return [
        cell(figure.callsPerSecond, figure.spread),
        figure.ratio.toFixed(2),
        figure.cpuMicrosPerCall.toFixed(1),
      ];
    }),
  ]);
  const extraHeader = [
    "case",
    ...EXTRA_CLIENT_NAMES.flatMap((name) => [
      name,
      `${name}/${EXTRA_CLIENTS[name].against}`,
      `${name} CPU µs`,
    ]),
  ];
  const extraSection = [
    "",
    "not part of the target: fetch = the runtime over createFetchHttpTransport (global fetch);",
    "pinned = the runtime with pin: true (pinned/runtime is what checking the contract costs)",
    "",
    table([extraHeader, ...extraRows]),
  ];
  return [
    `tools/call "echo" throughput, calls/s: median of ${settings.rounds} interleaved rounds of ${settings.durationMs} ms (± half the min–max range)`,
    "ratios: medians of per-round throughput ratios (clients of one round ran under the same load)",
    `machine: ${machine.cores} cores, 1-minute load average ${machine.loadAverage.toFixed(2)} at the end`,
    `runtime: ${origin === "dist" ? "the build in runtime/dist/" : "the TypeScript source in runtime/, through tsx"}`,
    "",
    table([header, ...rows]),
    "",
    "client-process CPU per call, µs (median; lower is better, and steadier than calls/s under load)",
    "",
    table([["case", ...CLIENT_NAMES], ...cpuRows]),
    ...extraSection,
    "",
    verdict,
  ].join("\n");
}
