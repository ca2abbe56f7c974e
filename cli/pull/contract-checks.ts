/**
 * What `pull` checks in a server's answers before anything is written: entries of the lists that
 * do not have the shape the specification gives them are left out with a warning each (the
 * specification lets a client drop invalid tools), a server name no client can be named after is
 * replaced, and a description nested deeper than any walk over it can go fails the pull.
 */
import { jsonSize } from "@mcp-codegen/runtime/internal";
import type { Implementation, ServerCapabilities } from "@mcp-codegen/runtime";
import {
  checkEntries,
  hasNameWords,
  jsonValueProblem,
  MAX_CONTRACT_DEPTH,
  MAX_ENTRY_SIZE,
  quoteForMessage,
  type ContractListKey,
  type ContractLists,
} from "../../templates/light.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { Reporter } from "../terminal/index.js";

/** The name a client gets when the server's own name cannot name one. */
export const FALLBACK_CLIENT_NAME = "server";

/**
 * Most characters of JSON a contract's entries may take together (32 MiB): more than any real
 * server offers, few enough that a pull stays quick and its snapshot reviewable. A server past it
 * fails the pull rather than costing gigabytes of memory and an unreadable snapshot.
 */
export const MAX_CONTRACT_SIZE = 32 * 1024 * 1024;

/**
 * Most characters of JSON one list may deliver over all its pages before the runtime stops
 * reading it (the four lists are read in parallel; their sum is checked against
 * `MAX_CONTRACT_SIZE` once malformed and oversized entries are left out).
 */
export const MAX_LIST_SIZE = MAX_CONTRACT_SIZE + 4 * 1024 * 1024;

/** Every list with its malformed entries left out, each named in a warning. */
export function keepWellFormed(
  lists: { [K in ContractListKey]: readonly unknown[] },
  label: string,
  reporter: Reporter,
): ContractLists {
  const check = <K extends ContractListKey>(key: K): ContractLists[K] => {
    const { kept, problems } = checkEntries(key, lists[key]);
    for (const problem of problems) reporter.warn(`${label}: ${problem}`);
    return kept as ContractLists[K];
  };
  const checked: ContractLists = {
    tools: check("tools"),
    prompts: check("prompts"),
    resources: check("resources"),
    resourceTemplates: check("resourceTemplates"),
  };
  if (jsonSize(checked, MAX_CONTRACT_SIZE) > MAX_CONTRACT_SIZE) throw contractTooLarge(label);
  return checked;
}

/** The one line for a contract past `MAX_CONTRACT_SIZE`, whether one list or all of them. */
export function contractTooLarge(label: string): CliError {
  return new CliError(
    `${label}: the server's tools, prompts and resources take more than ${MAX_CONTRACT_SIZE / 1024 / 1024} MiB of JSON, mcp-codegen's limit for one contract; a server this large is likely broken (check what its lists return)`,
    ExitCode.Server,
  );
}

/**
 * `--name` or the config key when given; otherwise the server's name, unless it has no letter or
 * digit to build `create<Name>Client` from (`""`, `"日本"`): then `server`, with a warning. A name
 * the user chose that cannot be used is a usage error (exit 2), since only the user can fix it.
 */
export function clientName(
  explicit: string | undefined,
  serverName: string,
  label: string,
  reporter: Reporter,
): string {
  if (explicit !== undefined) {
    if (hasNameWords(explicit)) return explicit;
    throw new CliError(
      `${label}: the client name ${quoteForMessage(explicit)} (--name or the config key) has no ASCII letters or digits to build create<Name>Client from; choose another`,
      ExitCode.Usage,
    );
  }
  if (hasNameWords(serverName)) return serverName;
  reporter.warn(
    `${label}: the server's name ${quoteForMessage(serverName)} has no letters or digits to name a client after; using ${JSON.stringify(FALLBACK_CLIENT_NAME)} (pass --name to choose one)`,
  );
  return FALLBACK_CLIENT_NAME;
}

/**
 * The server's instructions as kept in the snapshot: text past `MAX_ENTRY_SIZE` characters is
 * left out with a warning (generated code does not use it; the snapshot stays reviewable).
 */
export function keptInstructions(
  instructions: string | undefined,
  label: string,
  reporter: Reporter,
): string | undefined {
  if (instructions === undefined || instructions.length <= MAX_ENTRY_SIZE) return instructions;
  reporter.warn(
    `${label}: the server's instructions (${instructions.length} characters) are longer than ${MAX_ENTRY_SIZE}; left out of the snapshot`,
  );
  return undefined;
}

/**
 * The server/discover answer kept in the snapshot: its capabilities and server description must
 * nest no deeper than a contract entry may and hold only finite numbers, or the pull fails as a
 * broken answer.
 */
export function checkDescription(
  parts: { capabilities: ServerCapabilities; info: Implementation },
  label: string,
): void {
  for (const [what, value] of Object.entries(parts)) {
    const problem = jsonValueProblem(value, MAX_CONTRACT_DEPTH);
    if (problem !== undefined) {
      throw new CliError(
        `${label}: the server's ${what === "info" ? "description (serverInfo)" : what} in server/discover cannot be used: ${problem}`,
        ExitCode.Server,
      );
    }
  }
}
