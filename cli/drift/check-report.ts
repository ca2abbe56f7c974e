/**
 * `mcp-codegen check --json`: the one document a CI tool reads instead of the human lines. Its
 * shape is versioned (`version`); fields are only ever added within a version, and any other
 * change raises it. The types are exported from the package's main entry. `check --format sarif`
 * (check-sarif.ts) is built from the same entries.
 */
import type { ClassifiedChange, DriftReport, DriftSeverity } from "./report.js";
import { CliError, ExitCode, type ExitCodeValue } from "../terminal/index.js";
import type { FileDifference } from "../output/index.js";

/** The version of the document's shape this build writes. */
export const CHECK_REPORT_VERSION = 1;

/** What `check --json` prints on stdout, whatever happened. */
export type CheckReport = CheckResultReport | CheckErrorReport;

/**
 * A check that ran to its end; `ok` is false exactly when the exit code is 1: a file out of date,
 * breaking drift, or drift that needs review without `--allow-review`.
 */
export interface CheckResultReport {
  version: typeof CHECK_REPORT_VERSION;
  ok: boolean;
  /** One entry per output folder checked, in config (or command-line) order. */
  servers: CheckServerReport[];
}

/** A check that could not run (a broken config, a server that could not be reached…). */
export interface CheckErrorReport {
  version: typeof CHECK_REPORT_VERSION;
  ok: false;
  /** The same message stderr shows, and the process's exit code (2, 3, 4 or 70). */
  error: { message: string; exitCode: number };
}

export interface CheckServerReport {
  /** The config's server name, or the snapshot's path when checked by `--out`/`--snapshot`. */
  name: string;
  /** Absolute path of the output folder. */
  out: string;
  /**
   * Absolute path of the snapshot the folder was checked against (added within version 1: a
   * document from an earlier build lacks it; it was `<out>/mcp.snapshot.json` unless
   * `--snapshot` named another).
   */
  snapshot: string;
  /**
   * Paths relative to `out`, with `/`, sorted. `modified`: differs from what the snapshot
   * generates; `missing`: generated but absent; `stale`: an earlier run generated it and the
   * snapshot no longer does.
   */
  files: { modified: string[]; missing: string[]; stale: string[] };
  /**
   * With `--live` only: how the server's contract moved since the snapshot, one list per class;
   * every change is in exactly one. `needsReview` (added within version 1: a document from an
   * earlier build lacks it, and listed such changes under `compatible`) holds changed text a
   * model reads: descriptions, titles, annotations, instructions.
   */
  drift?: {
    breaking: CheckDriftEntry[];
    needsReview: CheckDriftEntry[];
    compatible: CheckDriftEntry[];
  };
}

export interface CheckDriftEntry {
  /** Stable kebab-case identifier: `tool-removed`, `input-required-property-added`… */
  kind: string;
  entity: ClassifiedChange["entity"]["type"];
  /** The tool's, prompt's, resource's or template's name as the server spells it; none for `server`. */
  name?: string;
  /**
   * For `input-…` and `output-…` kinds: where in the tool's schema, as property names from its
   * root (`[]` for array items, `{*}` for additional properties); `[]` for the schema itself.
   */
  schemaPath?: string[];
  /** What the change is about, as the text report names it: `tool "search"`. */
  subject: string;
  /** How it changed, as the text report says it: `argument "region": added, required`. */
  message: string;
}

const FILE_LISTS = { changed: "modified", missing: "missing", extra: "stale" } as const;

/** The `files` part of a server's entry. */
export function fileLists(differences: readonly FileDifference[]): CheckServerReport["files"] {
  const files: CheckServerReport["files"] = { modified: [], missing: [], stale: [] };
  for (const difference of differences) files[FILE_LISTS[difference.status]].push(difference.path);
  return files;
}

/** The `drift` part of a server's entry. */
export function driftLists(report: DriftReport): NonNullable<CheckServerReport["drift"]> {
  const entry = (change: ClassifiedChange): CheckDriftEntry => ({
    kind: change.kind,
    entity: change.entity.type,
    ...(change.entity.name === undefined ? {} : { name: change.entity.name }),
    ...(change.schemaPath === undefined ? {} : { schemaPath: [...change.schemaPath] }),
    subject: change.subject,
    message: change.detail,
  });
  const of = (severity: DriftSeverity) =>
    report.changes.filter((c) => c.severity === severity).map(entry);
  return {
    breaking: of("breaking"),
    needsReview: of("needs-review"),
    compatible: of("compatible"),
  };
}

/**
 * Whether a server's entry fails the check: any file out of date, breaking drift, or drift that
 * needs review unless `allowReview` (`--allow-review`) accepts it.
 */
export function serverFails(
  server: CheckServerReport,
  options: { allowReview?: boolean | undefined } = {},
): boolean {
  const { modified, missing, stale } = server.files;
  const drift = server.drift;
  return (
    modified.length + missing.length + stale.length > 0 ||
    (drift?.breaking.length ?? 0) > 0 ||
    (options.allowReview !== true && (drift?.needsReview.length ?? 0) > 0)
  );
}

/**
 * The exit code the program gives `error` (program.ts reports it the same way): the error's own
 * for a CliError, 2 for a broken config, 70 for anything else.
 */
export async function failureExitCode(error: unknown): Promise<ExitCodeValue> {
  if (error instanceof CliError) return error.exitCode;
  const { ConfigError } = await import("../config/index.js");
  return error instanceof ConfigError ? ExitCode.Usage : ExitCode.Internal;
}

/**
 * The document as one line of JSON; every string masked with `mask`, so a secret a server echoed
 * into a drift message never reaches a CI log.
 */
export function checkReportText(report: CheckReport, mask: (text: string) => string): string {
  return documentText(report, mask);
}

/** Any document `check` prints (JSON, SARIF) as one line of JSON, every string masked. */
export function documentText(document: unknown, mask: (text: string) => string): string {
  return `${JSON.stringify(document, (_key, value: unknown) => (typeof value === "string" ? mask(value) : value))}\n`;
}
