/**
 * Reading the four lists of a contract so that one failing list does not sink the pull: a
 * server that answers `resources/list` with an error (server-postgres without its database
 * answers -32603) still has its tools generated. The failed list becomes an empty section, a
 * warning, and an `unlisted` entry in the snapshot, so `check --live` knows the section is
 * unknown rather than emptied.
 */
import { ErrorCode, isMcpError, type AnyMcpError } from "@mcp-codegen/runtime";
import {
  CONTRACT_LIST_METHODS,
  MAX_LIST_FAILURE_MESSAGE,
  type ContractListKey,
  type ListFailure,
} from "../../templates/light.js";

/** One list as read: its entries, or the server's error answer (entries then empty). */
export interface ListRead<T> {
  entries: T[];
  /** Set when the server answered the list request with an error. */
  failure?: { error: AnyMcpError; recorded: ListFailure } | undefined;
}

/**
 * Tells a server fault (it changes no type the user relies on) to whoever reports them; under
 * `--strict` these stay warnings (see `PullOptions.onServerFault`).
 */
export type FaultSink = (line: string) => void;

/**
 * Reads one advertised list. A server that does not implement it (MethodNotFound) gives an
 * empty list and a warning, as before; any other error the server answered with gives an empty
 * list and a recorded failure (see `reportListFailures`). What the server did not answer (timeouts, a lost
 * connection, a list past its size bound) still fails the pull: the server is not there.
 */
export async function readList<T>(
  key: ContractListKey,
  fetch: () => Promise<T[]>,
  label: string,
  fault: FaultSink,
): Promise<ListRead<T>> {
  const method = CONTRACT_LIST_METHODS[key];
  try {
    return { entries: await fetch() };
  } catch (error) {
    if (!isServerAnswer(error)) throw error;
    if (error.code === ErrorCode.MethodNotFound) {
      fault(`${label}: the server advertises ${method} but does not implement it; taken as empty`);
      return { entries: [] };
    }
    const recorded = { code: error.code!, message: cut(error.serverMessage ?? error.message) };
    // Told by `reportListFailures` once it is known the pull goes on.
    return { entries: [], failure: { error, recorded } };
  }
}

/**
 * The error that fails the pull, if any: a failed `tools/list` when no other list gave an
 * entry (the client would be empty, and the tools are what a client is for). Any other failed
 * list is a warning only.
 */
export function fatalListFailure(reads: Record<ContractListKey, ListRead<unknown>>): unknown {
  const tools = reads.tools.failure;
  if (tools === undefined) return undefined;
  const others = [reads.prompts, reads.resources, reads.resourceTemplates];
  return others.some((read) => read.entries.length > 0) ? undefined : tools.error;
}

/** One warning per list the server failed (after `fatalListFailure` let the pull go on). */
export function reportListFailures(
  reads: Record<ContractListKey, ListRead<unknown>>,
  label: string,
  fault: FaultSink,
): void {
  for (const [key, read] of Object.entries(reads) as Array<[ContractListKey, ListRead<unknown>]>) {
    const recorded = read.failure?.recorded;
    if (recorded === undefined) continue;
    fault(
      `${label}: the server failed ${CONTRACT_LIST_METHODS[key]} (${recorded.code}: ${recorded.message}); its section is left empty and recorded as unlisted in the snapshot`,
    );
  }
}

/** A JSON-RPC error the server sent (it has a code), not a local failure. */
function isServerAnswer(error: unknown): error is AnyMcpError & { code: number } {
  return (
    isMcpError(error) &&
    typeof error.code === "number" &&
    (error.kind === "jsonrpc" || error.kind === "protocol" || error.kind === "execution")
  );
}

function cut(text: string): string {
  const chars = [...text];
  return chars.length <= MAX_LIST_FAILURE_MESSAGE
    ? text
    : `${chars.slice(0, MAX_LIST_FAILURE_MESSAGE - 1).join("")}…`;
}
