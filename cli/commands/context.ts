/**
 * What every command gets from the program (program.ts) besides its flags: where it runs, and how
 * to report once the secrets to mask are known.
 */
import type { Reporter } from "../reporter.js";
import type { Secret } from "../secret-sources.js";

export interface CommandContext {
  cwd: string;
  /** Builds the reporter once the secrets are known. */
  reporter(secrets: readonly Secret[]): Reporter;
}
