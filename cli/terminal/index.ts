/**
 * What the CLI prints and exits with: terminal-safe text, the reporter, counts, hints,
 * command lines, warning lines and the documented exit codes.
 */
export { closestName } from "./closest-name.js";
export { joinCommandLine, splitCommandLine } from "./command-line.js";
export { saysWhatToCheck, withHint } from "./error-hints.js";
export { CliError, ExitCode } from "./exit-codes.js";
export type { ExitCodeValue } from "./exit-codes.js";
export { count } from "./plural.js";
export type { Reporter } from "./reporter.js";
export { toTerminalLine } from "./terminal-text.js";
export { MAX_WARNING_LINES, reportWarningLines } from "./warning-lines.js";
export type { WarningPolicy } from "./warning-lines.js";
