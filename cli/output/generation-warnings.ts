/**
 * Reporting what generation warned about (a schema part typed as `unknown`, a check left out):
 * one `warning:` line each by default; under `--strict` (or `strict: true` in the config) the
 * first becomes the one `error:` line of an exit 4, before anything is written.
 */
import { formatWarning, type GenerationWarning } from "../../templates/index.js";
import { reportWarningLines, type WarningPolicy } from "../terminal/index.js";

export { MAX_WARNING_LINES, type WarningPolicy } from "../terminal/index.js";

/**
 * Prints `warnings` for the output named `label`, or, when `strict` and there is any, prints all
 * but the first as warnings and throws the first as a `CliError` with exit code 4.
 */
export function reportGenerationWarnings(
  label: string,
  warnings: readonly GenerationWarning[],
  policy: WarningPolicy,
): void {
  reportWarningLines(label, warnings.map(formatWarning), policy);
}
