/**
 * `pull()`'s options checked before anything connects, with the limits the config schema sets
 * for the same fields (cli/config/schema.ts): a build script has no schema in its editor to
 * catch a timeout of -1 or a rename to `1x`, and the runtime would report them as a failure to
 * connect.
 */
import { MAX_TIMER_DELAY_MS } from "@mcp-codegen/runtime/internal";
import { PROTOCOL_CHOICES } from "../config/protocol-choices.js";
import { CliError, ExitCode } from "../exit-codes.js";
import type { PullOptions } from "./pull.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function usage(message: string): CliError {
  return new CliError(`pull: ${message}`, ExitCode.Usage);
}

/** @throws CliError (exit code 2) naming the first option that is wrong. */
export function checkPullOptions(options: PullOptions): void {
  const { timeout, protocol, runtime } = options;
  if (
    timeout !== undefined &&
    (!Number.isSafeInteger(timeout) || timeout <= 0 || timeout > MAX_TIMER_DELAY_MS)
  ) {
    throw usage(
      `options.timeout must be a positive whole number of milliseconds, at most ${MAX_TIMER_DELAY_MS}`,
    );
  }
  if (protocol !== undefined && !(PROTOCOL_CHOICES as readonly string[]).includes(protocol)) {
    throw usage(`options.protocol must be one of ${PROTOCOL_CHOICES.join(", ")}`);
  }
  if (runtime !== undefined && runtime !== "package" && runtime !== "vendored") {
    throw usage('options.runtime must be "package" or "vendored"');
  }
  for (const key of ["include", "exclude"] as const) {
    const list = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) {
      throw usage(`options.${key} must list name patterns; an empty list matches nothing`);
    }
    if (list.some((pattern) => typeof pattern !== "string" || pattern === "")) {
      throw usage(`options.${key} has a pattern that is not a non-empty string`);
    }
  }
  for (const [name, to] of Object.entries(options.rename ?? {})) {
    if (name === "") throw usage("options.rename has an empty name to rename");
    if (typeof to !== "string" || !IDENTIFIER.test(to)) {
      throw usage(
        `options.rename.${name} must be a JavaScript identifier (letters, digits, _ and $, not starting with a digit)`,
      );
    }
  }
}
