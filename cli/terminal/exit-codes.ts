/**
 * The command's exit codes, documented in the README. Scripts and CI depend on them: never
 * renumber, only add.
 */
export const ExitCode = {
  /** Everything worked; `check` found nothing to report. */
  Ok: 0,
  /**
   * `check`: generated files differ from the snapshot, or `--live` found breaking drift, or drift
   * that needs review (changed text a model reads) without `--allow-review`.
   */
  Drift: 1,
  /** Bad flags, a broken config file, a missing snapshot: fix the invocation. */
  Usage: 2,
  /** The server could not be reached, exited, timed out, refused or broke the protocol. */
  Server: 3,
  /**
   * The server's contract cannot be turned into code; with `--strict` (or `strict: true`), any
   * generation warning, such as a schema part typed as `unknown`.
   */
  Contract: 4,
  /** A bug in mcp-codegen; please report it with the message. */
  Internal: 70,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error the CLI reports as one line, with the exit code it implies. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
