/**
 * Reporting what generation warned about (a schema part typed as `unknown`, a check left out):
 * one `warning:` line each by default; under `--strict` (or `strict: true` in the config) the
 * first becomes the one `error:` line of an exit 4, before anything is written.
 */
import { formatWarning, type GenerationWarning } from "../templates/index.js";
import { CliError, ExitCode } from "./exit-codes.js";
import { count } from "./plural.js";
import type { Reporter } from "./reporter.js";

export interface WarningPolicy {
  readonly reporter: Reporter;
  /** Whether a warning fails the command (exit 4) instead of being printed. */
  readonly strict: boolean;
}

/**
 * Prints `warnings` for the output named `label`, or, when `strict` and there is any, prints all
 * but the first as warnings and throws the first as a `CliError` with exit code 4.
 */
export function reportGenerationWarnings(
  label: string,
  warnings: readonly GenerationWarning[],
  policy: WarningPolicy,
): void {
  const [first, ...rest] = warnings;
  if (first === undefined) return;
  if (!policy.strict) {
    printBounded(label, warnings, policy.reporter);
    return;
  }
  printBounded(label, rest, policy.reporter);
  const others = rest.length === 0 ? "" : ` (and ${count(rest.length, "more warning")})`;
  throw new CliError(
    `${label}: ${formatWarning(first)}${others}; --strict makes this an error: fix the schema on the server, exclude the item in the config, or pull without --strict`,
    ExitCode.Contract,
  );
}

/** Most warning lines printed for one output folder: a server must not flood the terminal. */
export const MAX_WARNING_LINES = 50;

function printBounded(
  label: string,
  warnings: readonly GenerationWarning[],
  reporter: Reporter,
): void {
  for (const warning of warnings.slice(0, MAX_WARNING_LINES))
    reporter.warn(`${label}: ${formatWarning(warning)}`);
  const hidden = warnings.length - MAX_WARNING_LINES;
  if (hidden > 0)
    reporter.warn(`${label}: and ${count(hidden, "more generation warning")} not shown`);
}
