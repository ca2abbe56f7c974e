/**
 * Generation warnings as the terminal shows them, from their formatted text: what
 * generation-warnings.ts prints for a fresh run, and what a run with nothing to regenerate
 * replays from its record (unchanged-run.ts) without loading the generator.
 */
import { CliError, ExitCode } from "./exit-codes.js";
import { count } from "./plural.js";
import type { Reporter } from "./reporter.js";

export interface WarningPolicy {
  readonly reporter: Reporter;
  /** Whether a warning fails the command (exit 4) instead of being printed. */
  readonly strict: boolean;
}

/** Most warning lines printed for one output folder: a server must not flood the terminal. */
export const MAX_WARNING_LINES = 50;

/**
 * Prints `lines` for the output named `label`, or, when `strict` and there is any, prints all
 * but the first as warnings and throws the first as a `CliError` with exit code 4.
 */
export function reportWarningLines(
  label: string,
  lines: readonly string[],
  policy: WarningPolicy,
): void {
  const [first, ...rest] = lines;
  if (first === undefined) return;
  if (!policy.strict) {
    printBounded(label, lines, policy.reporter);
    return;
  }
  printBounded(label, rest, policy.reporter);
  const others = rest.length === 0 ? "" : ` (and ${count(rest.length, "more warning")})`;
  throw new CliError(
    `${label}: ${first}${others}; --strict makes this an error: fix the schema on the server, exclude the item in the config, or pull without --strict`,
    ExitCode.Contract,
  );
}

function printBounded(label: string, lines: readonly string[], reporter: Reporter): void {
  for (const line of lines.slice(0, MAX_WARNING_LINES)) reporter.warn(`${label}: ${line}`);
  const hidden = lines.length - MAX_WARNING_LINES;
  if (hidden > 0)
    reporter.warn(`${label}: and ${count(hidden, "more generation warning")} not shown`);
}
