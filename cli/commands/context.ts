/**
 * What every command gets from the program (program.ts) besides its flags: where it runs, how
 * to report once the secrets to mask are known, and how to authenticate.
 */
import type { AuthEnvironment } from "../auth/index.js";
import type { Reporter } from "../terminal/index.js";
import type { Secret } from "../secrets/index.js";

export interface CommandContext {
  cwd: string;
  /** Builds the reporter once the secrets are known. */
  reporter(secrets: readonly Secret[]): Reporter;
  /** How HTTP servers are authenticated: the run's secret masker, environment and sign-in. */
  auth: AuthEnvironment;
  /** Where a command's document goes (`check --json`), unmasked and unaltered (default: process.stdout). */
  stdout?: { write(text: string): unknown };
  /** Where `init` reads answers from, asking only when it is a terminal (default: process.stdin). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}
