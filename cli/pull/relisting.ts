/**
 * Listing the tools again with fewer client capabilities declared, to tell which tools need
 * which (tool-needs.ts decides what to list; this file opens what each listing needs): on the
 * pull's own connection for a 2026-07-28 server, on new connections for an initialize-era one,
 * which on stdio are processes: the first may be a spare booted early (spare-server.ts), and
 * each is stopped in the background, the pull awaiting them all at its end.
 */
import {
  connect,
  declaredNeeds,
  isMcpError,
  withoutNeeds,
  type ClientCapabilities,
  type ConnectTarget,
  type McpClient,
} from "@mcp-codegen/runtime";
import { isCliCredentialEnv } from "../auth/index.js";
import { PACKAGE_VERSION } from "../output/light.js";
import { MAX_LIST_SIZE } from "./contract-checks.js";
import type { FaultSink } from "./list-reads.js";
import { refusingHandlers } from "./pull-capabilities.js";
import type { SilenceWatch } from "./silence-watch.js";
import { withoutPrestarted, type SpareServer } from "./spare-server.js";
import { startToolNeeds, type ToolNeedsSearch } from "./tool-needs.js";

/** What listing the tools again with fewer capabilities needs. */
export interface Relisting {
  target: ConnectTarget;
  /** For messages: the server's label. */
  label: string;
  timeout: number | undefined;
  protocol: string | undefined;
  /** Where a failed relisting is told. */
  fault: FaultSink;
  /** The pull's connection: its era verdict spares each new one the probe. */
  client: McpClient;
  /** The capabilities the pull sent. */
  sent: ClientCapabilities;
  silence: SilenceWatch;
  /** A process started for the first new connection, if any. */
  spare: SpareServer;
  /** The closing of each new connection, awaited together once the pull is over. */
  closing: Promise<void>[];
}

/**
 * Starts finding which tools need which client capabilities (see tool-needs.ts), before the
 * main lists are read, so the first listing with fewer capabilities overlaps them. A 2026-07-28
 * server reads the capabilities of each request, so its listings share the pull's connection
 * (pipelined); an initialize-era server fixes them at its handshake, so each of its listings is
 * a connection of its own (on stdio, a process), two at a time. Nothing is listed again when the
 * server advertises no tools. `finish` never rejects: a listing that fails leaves the tools'
 * needs unknown, with a warning, and the pull goes on.
 */
export function startToolNeedsOf(advertised: boolean, relisting: Relisting): ToolNeedsSearch {
  const { label, fault, client, sent } = relisting;
  // The initialize era has no extensions: dropping the tasks extension there changes nothing.
  const legacy = client.verdict?.era === "legacy";
  const declared = advertised
    ? declaredNeeds(sent).filter((need) => !(legacy && need === "tasks"))
    : [];
  const search = startToolNeeds(declared, (dropped) =>
    toolNamesWith(withoutNeeds(sent, dropped), relisting),
  );
  return {
    settled: search.settled,
    finish: async (names) => {
      try {
        return await search.finish(names);
      } catch (error) {
        const reason = isMcpError(error) ? error.message : String(error);
        // A server fault: it changes no generated type, so it stays a warning under --strict.
        fault(
          `${label}: could not tell which tools need which client capabilities (listing with fewer failed: ${reason}); the generated code does not say`,
        );
        return {};
      }
    },
  };
}

/**
 * How long a server the pull has done with may take to exit once its stdin ends, before SIGTERM
 * (then SIGKILL). It has answered everything it was asked: a server that exits at the end of its
 * stdin does so at once, and one that does not (server-everything) need not be waited for 2 s.
 */
const SHUTDOWN_AFTER_LISTING_MS = 500;

/**
 * A target as a pull connects to it: a stdio server's process inherits the environment but the
 * CLI's own credential variables (`isCliCredentialEnv`; the target's `env`, which the user named,
 * still passes them), and gets `SHUTDOWN_AFTER_LISTING_MS` to exit once the pull is done.
 */
export function pullTarget(target: ConnectTarget): ConnectTarget {
  if (!("command" in target)) return target;
  return {
    ...target,
    inheritEnv: (name) => !isCliCredentialEnv(name),
    shutdownTimeoutMs: SHUTDOWN_AFTER_LISTING_MS,
  };
}

/**
 * The names of the tools a client declaring `capabilities` is offered: on the pull's own
 * connection for a 2026-07-28 server (it reads each request's capabilities), else on a new one.
 */
async function toolNamesWith(
  capabilities: ClientCapabilities,
  { target, timeout, protocol, client, silence, spare, closing }: Relisting,
): Promise<ReadonlySet<string>> {
  const sameConnection = await client.listToolNamesDeclaring(capabilities, {
    maxBytes: MAX_LIST_SIZE,
  });
  if (sameConnection !== undefined) return new Set(sameConnection);
  // A prestarted server was the pull's own connection's: this one takes the spare started
  // beside it, if any, or starts its own process.
  const fresh = withoutPrestarted(target);
  const started = "command" in fresh ? spare.take() : undefined;
  const own = started === undefined ? fresh : { ...fresh, prestarted: started };
  const relisted = await connect(pullTarget(own), {
    clientInfo: { name: "mcp-codegen", version: PACKAGE_VERSION },
    capabilities,
    handlers: refusingHandlers(capabilities),
    prior: client.verdict,
    onRequestSent: silence.sent,
    ...(timeout === undefined ? {} : { timeout }),
    ...(protocol === undefined ? {} : { protocol }),
  });
  try {
    const tools = await relisted.listTools({ maxBytes: MAX_LIST_SIZE });
    return new Set(tools.map((tool) => tool.name));
  } finally {
    // Not awaited here: a server that ignores the end of its stdin is stopped only after the
    // shutdown grace (2 s), and one per relisting, one after another, added up to seconds.
    closing.push(relisted.close().catch(() => undefined));
  }
}
