/**
 * The flags `program.ts` shares between commands: their value parsers, which report a bad value
 * as commander reports any bad argument, and the options and help texts several commands offer.
 */
import { InvalidArgumentError, Option } from "commander";
import { MAX_TIMER_DELAY_MS } from "@mcp-codegen/runtime/internal";
import type { ClientNeed } from "@mcp-codegen/runtime";
import { parseCapabilityList } from "./pull/pull-capabilities.js";
import { PROTOCOL_CHOICES } from "./config/protocol-choices.js";
import { CliError, ExitCode } from "./terminal/exit-codes.js";

/** A repeatable flag: each value appended to the ones before. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--capabilities`: commander reports a bad list as it reports any bad argument. */
export function capabilityList(value: string): ClientNeed[] {
  try {
    return parseCapabilityList(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** `--timeout`: a whole number of milliseconds a timer can wait. */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw new InvalidArgumentError("expected a positive whole number of milliseconds");
  }
  // A timer cannot wait longer: above this, setTimeout overflows and fires at once.
  if (number > MAX_TIMER_DELAY_MS) {
    throw new InvalidArgumentError(
      `at most ${MAX_TIMER_DELAY_MS} ms (about 24 days), the longest a timer can wait`,
    );
  }
  return number;
}

/** `--watch` writes on every change; a preview writes nothing: together they make no sense. */
export function refuseWatchPreview(flags: Record<string, unknown>): void {
  if (flags.dryRun === true || flags.diff === true) {
    throw new CliError(
      "--watch writes on every change, --dry-run and --diff only show what would change: use one or the other",
      ExitCode.Usage,
    );
  }
}

/** `--strict`'s help, shared by pull, generate and watch. */
export const STRICT_HELP =
  "fail (exit 4, nothing written) on any generation warning, such as a schema part typed as unknown";

/** `--server NAME`'s help. */
export const SERVER_HELP = "only this server of the config (repeatable)";
/** `--dry-run`'s help. */
export const DRY_RUN_HELP =
  "write nothing: print what would be written, deleted and left unchanged (exit 0)";
/** `--diff`'s help. */
export const DIFF_HELP = "like --dry-run, and print a unified diff of every file that would change";

/** `--runtime package|vendored`, a fresh option for each command that offers it. */
export const runtimeOption = () =>
  new Option(
    "--runtime <mode>",
    "import @mcp-codegen/runtime (package) or copy its Node build into the output (vendored)",
  ).choices(["package", "vendored"]);

/** `--import-extension js|ts`. */
export const importExtensionOption = () =>
  new Option(
    "--import-extension <ext>",
    "what relative imports in generated code end with: js (default) or ts (Deno without --sloppy-imports)",
  ).choices(["js", "ts"]);

/** `--emit ts|js+dts`. */
export const emitOption = () =>
  new Option(
    "--emit <form>",
    "the output form: ts (default) or js+dts (.js modules with .d.ts declarations beside them)",
  ).choices(["ts", "js+dts"]);

/** `--protocol auto|<version>`. */
export const protocolOption = () =>
  new Option(
    "--protocol <version>",
    'MCP protocol: "auto" (default) finds the server\'s era; a version pins it',
  ).choices(PROTOCOL_CHOICES);
