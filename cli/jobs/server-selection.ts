/**
 * Limiting a command to some of the config's servers: `pull NAME...` and `--server NAME` on
 * `pull`, `generate` and `check`. A name the config lacks stops the run before anything starts,
 * with the names it has; for `pull` the likeliest cause is a server command given without `--`,
 * so the message says where a command goes.
 */
import { looksLikeCredential } from "@mcp-codegen/runtime/internal";
import { closestName } from "../terminal/index.js";
import { CliError, ExitCode } from "../terminal/index.js";

/** The config servers a command was limited to. */
export interface ServerSelection {
  /** In the order given; duplicates are harmless. Empty: every server. */
  names: readonly string[];
  /**
   * `pull`'s words before `--` (the rest of `names` came from `--server`): if the config lacks
   * one, they were most likely a server command missing its `--`, and the message shows them so.
   */
  pullWords?: readonly string[];
}

/**
 * For `LoadConfigOptions.select`: the selected names, or every name when none was given.
 * @throws CliError (exit 2) naming the first name the config lacks.
 */
export function serverSelector(
  selection: ServerSelection,
): ((available: readonly string[], label: string) => readonly string[]) | undefined {
  if (selection.names.length === 0) return undefined;
  return (available, label) => {
    const missing = [...new Set(selection.names)].filter((name) => !available.includes(name));
    if (missing.length > 0) throw unknownServerError(selection, missing, available, label);
    return selection.names;
  };
}

/** A word as messages may quote it: one that looks like a credential is masked. */
function shown(word: string): string {
  return looksLikeCredential(word) ? "***" : word;
}

function unknownServerError(
  selection: ServerSelection,
  missing: readonly string[],
  available: readonly string[],
  label: string,
): CliError {
  const [first] = missing as [string, ...string[]];
  const others = missing.length > 1 ? ` (and ${missing.length - 1} more)` : "";
  const suggestion = closestName(first, available);
  const guess = suggestion === undefined ? "" : `; did you mean "${suggestion}"?`;
  const listing =
    available.length === 0 ? "it lists no servers" : `its servers: ${available.join(", ")}`;
  // A pull given words it cannot find most often got a command without the `--` before it.
  const words = selection.pullWords ?? [];
  const command = words.some((word) => missing.includes(word))
    ? `; a server command goes after --, as in mcp-codegen pull [options] -- ${words.map(shown).join(" ")}`
    : "";
  return new CliError(
    `no server named ${JSON.stringify(shown(first))}${others} in ${label}${guess} (${listing})${command}`,
    ExitCode.Usage,
  );
}

/**
 * `pull WORDS...` where there is no config file: the words cannot be server names, and were most
 * likely a server command missing its `--`.
 */
export function noConfigForNamesError(words: readonly string[], cwd: string): CliError {
  return new CliError(
    `${JSON.stringify(shown(words[0] ?? ""))} would name a server of the config (words before -- do), but there is no config file in ${cwd}; a server command goes after --, as in mcp-codegen pull [options] -- ${words.map(shown).join(" ")}`,
    ExitCode.Usage,
  );
}
