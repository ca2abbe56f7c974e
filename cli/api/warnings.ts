/**
 * How the programmatic API reports: nothing is printed. Warnings go to the caller's `onWarning`,
 * masked like the command line masks them (secrets as `***`) but not made terminal-safe, since
 * where they end up is the caller's choice. Progress and summaries are dropped.
 */
import type { SecretMasker } from "../secrets/index.js";
import type { Reporter } from "../terminal/index.js";
import { CliError } from "../terminal/index.js";

/** Receives each warning as one line, e.g. `weather: tool "x" at #/inputSchema: … typed as unknown`. */
export type WarningHandler = (warning: string) => void;

export function createApiReporter(masker: SecretMasker, onWarning?: WarningHandler): Reporter {
  const warn = (line: string) => onWarning?.(masker.mask(line));
  return { progress: () => undefined, info: () => undefined, warn, error: warn };
}

/**
 * `error` with its message masked: the command line masks its one error line as it prints it,
 * and a thrown error's message is what a build tool prints.
 */
export function maskedError(error: unknown, masker: SecretMasker): unknown {
  if (!(error instanceof CliError)) return error;
  const message = masker.mask(error.message);
  return message === error.message
    ? error
    : new CliError(message, error.exitCode, { cause: error.cause });
}
