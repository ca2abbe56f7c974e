/**
 * `connect()`: from a target (a command, a URL, an in-process handler or any `Transport`) to a
 * ready `McpClient` that has discovered the server and agreed on a protocol version.
 */
import { McpClient } from "./client.js";
import { Connection, type EstablishedSession } from "./connection.js";
import type { PinOptions } from "../calls/index.js";
import type { StatusListener } from "./connection-status.js";
import { localError } from "../protocol/index.js";
import type { EraVerdict } from "../protocol/index.js";
import { DEFAULT_PROBE_TIMEOUT_MS, establishEra, startDeadline } from "../eras/index.js";
import { Governance, type GovernanceOptions } from "../governance/index.js";
import { capabilitiesFor, type InputHandlers } from "../input/index.js";
import type {
  HttpTarget,
  InProcessTarget,
  PrestartedServer,
  StdioTarget,
} from "../transports/index.js";
import { createInProcessTransport } from "../transports/index.js";
import { ListenHub } from "../listen/index.js";
import { platformTransports } from "../transports/index.js";
import { ResultCache, type ResultCacheOptions } from "../session/index.js";
import { resolveRestartPolicy, type RestartOptions } from "./restart-policy.js";
import { maskUrl } from "../basics/index.js";
import { stdioUnavailable } from "../transports/index.js";
import { TaskInputBudgets } from "../input/index.js";
import type { JsonRpcNotification } from "../protocol/index.js";
import {
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from "../protocol/index.js";
import { DEFAULT_TIMEOUT_MS, Session } from "../session/index.js";
import type { TraceContext } from "../protocol/index.js";
import type { Transport, TransportDiagnostic } from "../transports/index.js";
import type { ClientCapabilities, Implementation, LogMessage, Tool } from "../protocol/index.js";
import { RUNTIME_VERSION } from "../protocol/index.js";

export type { HttpTarget, InProcessTarget, PrestartedServer, StdioTarget };

export type ConnectTarget = StdioTarget | HttpTarget | InProcessTarget | Transport;

/**
 * How to reach the server and what to do on its requests. `tools`, `hooks` and `policy`
 * (`GovernanceOptions`) govern what the client may call: given any of them, every call runs one
 * pipeline in the caller (see governance/pipeline.ts).
 */
export interface ConnectOptions extends GovernanceOptions {
  /** Sent as `_meta["io.modelcontextprotocol/clientInfo"]`; `false` sends none. */
  clientInfo?: Implementation | false;
  /**
   * Declared on every request, together with the kinds `handlers` answer. Defaults to `{}`.
   * Declaring `elicitation`, `sampling` or `roots` without a handler for it is an `McpError` of
   * kind `input`: a server could then ask for input nobody can give.
   */
  capabilities?: ClientCapabilities;
  /**
   * Answers a server's input requests (multi round-trip requests): elicitation (form, and URL
   * mode with its own consent handler), sampling and roots. Each handler declares its
   * capability; `"manual"` declares it and leaves the answer to calls made with `manual: true`.
   */
  handlers?: InputHandlers;
  /**
   * Default per-request timeout in milliseconds (60 s). `0` or `Infinity` waits forever; values
   * above 2^31 - 1 (about 24.8 days) are clamped to it, the longest a timer can wait. Connecting
   * is one deadline of this length: the probe, the `initialize` handshake and a process restarted
   * between them share it, and a server silent throughout fails with kind `timeout` and
   * `ConnectTimeoutData` (what went unanswered, the time spent).
   */
  timeout?: number;
  /** Preferred 2026-era protocol version for the probe (default: the latest this runtime speaks). */
  protocolVersion?: string;
  /**
   * `"auto"` (default): find the server's era (see `connect`). A version pins it: a 2026-07-28
   * version never falls back to `initialize`, a 2025-11-25 or older one skips the probe and only
   * accepts that version from the server.
   */
  protocol?: "auto" | (string & {});
  /**
   * A verdict from an earlier connection (`client.verdict`, or the one `pull` records in the
   * snapshot): an initialize-era server gets `initialize` at once, without the probe. The
   * handshake checks it: a server that no longer answers that way is probed afresh.
   */
  prior?: EraVerdict | undefined;
  /**
   * How long the `server/discover` probe may go unanswered before the server counts as an
   * initialize-era server (some never answer unknown requests). Default 10 s, at most half of
   * connect's `timeout`, so the handshake always has the other half.
   */
  probeTimeout?: number;
  /**
   * Call `server/discover` while connecting (default true). `false` skips it only where the era
   * is already known to be 2026-07-28; an initialize-era server always gets its handshake.
   */
  discover?: boolean;
  /** Log messages (`notifications/message`) not claimed by a request's own `onLog`. */
  onLog?: (message: LogMessage) => void;
  /** Notifications the runtime does not handle itself. */
  onNotification?: (notification: JsonRpcNotification) => void;
  /** Transport diagnostics: junk on stdout, stray responses, stderr, the connection closing. */
  onDiagnostic?: (diagnostic: TransportDiagnostic) => void;
  /** Cancels connecting. */
  signal?: AbortSignal;
  /**
   * Called for every request to get its OpenTelemetry propagation fields (`traceparent`,
   * `tracestate`, `baggage`), sent in `_meta` after a W3C format check: the hook for tracing
   * libraries, e.g. OpenTelemetry's `propagation.inject(context.active(), carrier)`. A request's
   * own `trace` option, or the same keys in its `meta`, take precedence.
   */
  traceContext?: () => TraceContext | undefined;
  /**
   * Told the method of each request as it is sent, connecting included (`server/discover`,
   * `initialize`): for a caller that shows what it is waiting for on a silent server.
   */
  onRequestSent?: (method: string) => void;
  /**
   * The result cache (`ttlMs`/`cacheScope`): `{ maxEntries }` bounds it (default 500, least
   * recently used dropped first); `false` turns it off.
   */
  cache?: ResultCacheOptions | false;
  /**
   * Return at once and connect in the background: requests made before the connection is ready
   * wait for it within their own timeout; `client.ready()` waits explicitly, `client.status`
   * tells where it stands. A failure to connect closes the client with the reason.
   */
  lazy?: boolean;
  /**
   * When a stdio server exits (or a connection is lost), calls in flight fail with kind
   * `transport` and the server is started again, with exponential back-off and jitter, at most
   * `maxRestarts` times within `windowMs` (then the client is `closed` with the reason). The
   * era found at first is kept, so no probe is repeated. `false` closes the client instead.
   * A `Transport` or in-process target is never restarted.
   */
  restart?: RestartOptions | false;
  /** Told of every change of `client.status` (connecting, ready, reconnecting, closed…). */
  onStatus?: StatusListener;
  /**
   * Opt in to `client.instructionsForModel()`: the server's `instructions` made fit for a system
   * prompt. Without it that method returns undefined, so untrusted server text never reaches a
   * model by accident.
   */
  instructionsForModel?: boolean;
  /**
   * Pinned contracts: before a tool's first call on the connection, and again after the catalog
   * may have changed (a tools `list_changed`, a restart or `reconnect()`, `setAuth`), the tool's
   * live definition is compared with the pinned one (title, description, input and output
   * schemas, annotations; key order does not count), and a difference, or a tool the server no
   * longer lists, fails the call with kind `contract_changed` before anything is sent. The live
   * definitions come from one `tools/list` (all pages, through the cache) shared by every tool.
   * A generated call is pinned to the definition embedded in its module; a plain
   * `callTool(name)` to `pin.tools`' definition of that name, else to the first one this client
   * saw (trust on first use). Off by default: an unpinned client makes no extra request.
   */
  pin?: boolean | PinOptions;
}

/**
 * Connects to an MCP server and returns a client, in whichever protocol era the server speaks.
 * With `protocol: "auto"` (the default) it probes with `server/discover` (a server that prefers
 * another modern version is retried with it) and falls back to the `initialize` handshake of
 * 2025-11-25 and earlier when the server does not answer as a 2026-07-28 server, restarting a
 * stdio server the probe broke. `client.verdict` tells what it found; pass it back as `prior`
 * to skip the probe next time.
 */
export async function connect(
  target: ConnectTarget,
  options: ConnectOptions = {},
): Promise<McpClient> {
  const declared = options.capabilities ?? {};
  const handlers = options.handlers ?? {};
  // Checked before anything is opened, so a bad declaration leaves no process or socket behind.
  const capabilities = capabilitiesFor(declared, handlers);
  const governance = await Governance.create(options);
  const pin = checkPin(options.pin);
  const protocol = checkProtocol(options.protocol ?? "auto");
  const probeTimeout = checkProbeTimeout(options.probeTimeout);
  const input = { handlers, declared };
  const cache = new ResultCache(options.cache === false ? { maxEntries: 0 } : options.cache);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const hub = new ListenHub(cache, options.onNotification, timeout);
  const taskInputs = new TaskInputBudgets();
  const clientInfo = options.clientInfo ?? { name: "mcp-codegen", version: RUNTIME_VERSION };
  // Checked before anything is opened, like the capabilities.
  // Only a stdio server is started again: an HTTP request opens its own connection (and a
  // legacy session the server forgot is initialized again by the session itself), and a
  // caller's transport or an in-process handler cannot be opened twice.
  const stdio = !isTransport(target) && "command" in target;
  const restart =
    options.restart === false || !stdio ? false : resolveRestartPolicy(options.restart);
  // A prestarted stdio server is the first transport's; every later one (a restart, the probe's
  // restart) spawns anew, from the same target without the handle.
  let nextTarget = target;
  const openSession = async (open = openTransport): Promise<Session> => {
    const opening = nextTarget;
    nextTarget = withoutPrestarted(target);
    const transport = await open(opening);
    // A restarted connection keeps the credentials `setAuth` switched to.
    const credentials = connection.credentials;
    if (credentials !== undefined) transport.setCredentials?.(credentials);
    const session: Session = new Session({
      transport,
      protocolVersion: options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
      capabilities,
      clientInfo,
      timeout,
      onLog: options.onLog,
      onNotification: hub.dispatch,
      onDiagnostic: (diagnostic) => {
        if (diagnostic.kind === "closed") {
          // The connection first decides whether the server starts again; the subscriptions
          // then renew or end accordingly.
          if (stdio) connection.lost(session, diagnostic.detail);
          hub.connectionClosed(diagnostic.detail, connection);
        }
        options.onDiagnostic?.(diagnostic);
      },
      traceContext: options.traceContext,
      onRequestSent: options.onRequestSent,
      onAuthorizing: (active) => connection.authorizing(active),
      handlers,
      taskInputs,
    });
    connection.opened(session);
    return session;
  };
  const establish = async (
    prior: EraVerdict | undefined,
    phase: (state: "discovering" | "initializing") => void,
    again: boolean,
  ): Promise<EstablishedSession> => {
    // Started before the process or socket opens: one deadline for the whole attempt.
    const deadline = startDeadline(timeout);
    const session = await openSession();
    if (again && prior?.era === "modern") {
      // Stateless: a restarted modern server needs no handshake, and the era is known.
      session.protocolVersion = prior.protocolVersion;
      return { session };
    }
    if (options.discover === false && prior?.era !== "legacy" && protocol === "auto") {
      return { session };
    }
    return establishEra(session, {
      protocol,
      modernVersion: options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
      prior,
      probeTimeout,
      deadline,
      authorizationTimeout: timeout,
      capabilities,
      clientInfo:
        clientInfo === false ? { name: "mcp-codegen", version: RUNTIME_VERSION } : clientInfo,
      signal: options.signal,
      // A transport the caller built cannot be opened again; a command or URL can.
      reopen: isTransport(target) || "server" in target ? undefined : () => openSession(),
      openSse:
        !isTransport(target) && "url" in target ? () => openSession(openSseTransport) : undefined,
      onPhase: phase,
    }).catch(async (error: unknown) => {
      await session.close().catch(() => undefined);
      throw error;
    });
  };
  // Read by the closures above only once `start()` runs, after this line.
  const connection: Connection = new Connection({
    establish,
    endpoint: describeTarget(target),
    takesCredentials: !isTransport(target) && "url" in target,
    restart,
    timeout,
    prior: options.prior,
    onStatus: options.onStatus,
    instructionsForModel: options.instructionsForModel === true,
  });
  // A connection that gave up (or failed to start) ends what still listens on it.
  connection.onStatus((status) => {
    if (status.state === "closed") hub.connectionClosed(status.reason ?? "closed");
  });
  const client = new McpClient(connection, { cache, hub, input, governance, taskInputs, pin });
  if (options.lazy === true) {
    // The failure closes the client with its reason; requests and `ready()` report it.
    connection.start().catch(() => undefined);
    return client;
  }
  await connection.start();
  return client;
}

/** The target as messages name it before a transport exists (URLs without credentials). */
function describeTarget(target: ConnectTarget): string {
  if (isTransport(target)) return target.endpoint;
  if ("server" in target) return "in-process";
  if ("url" in target) return maskUrl(target.url);
  return [target.command, ...(target.args ?? [])].join(" ");
}

function checkProtocol(protocol: string): string {
  if (
    protocol === "auto" ||
    MODERN_PROTOCOL_VERSIONS.includes(protocol) ||
    LEGACY_PROTOCOL_VERSIONS.includes(protocol)
  ) {
    return protocol;
  }
  throw localError(
    "input",
    `protocol must be "auto" or a version this runtime speaks (${[...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS].join(", ")}), got ${JSON.stringify(String(protocol).slice(0, 40))}`,
    { method: "connect" },
  );
}

/** `pin` normalised (`true` pins with no given definitions); checked before anything is opened. */
function checkPin(pin: ConnectOptions["pin"]): PinOptions | undefined {
  if (pin === undefined || pin === false) return undefined;
  if (pin === true) return {};
  const tools: unknown = typeof pin === "object" && pin !== null ? pin.tools : pin;
  const named = (tool: unknown) =>
    typeof tool === "object" && tool !== null && typeof (tool as Tool).name === "string";
  if (tools === undefined || (Array.isArray(tools) && tools.every(named))) return pin as PinOptions;
  throw localError(
    "input",
    "pin must be true, false or { tools: [...] } with tool definitions (each with a name), e.g. a generated module's bookTool.definition",
    { method: "connect" },
  );
}

function checkProbeTimeout(value: number | undefined): number {
  if (value === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  if (typeof value === "number" && value > 0) return value;
  throw localError(
    "input",
    `probeTimeout must be a positive number of milliseconds, got ${String(value)}`,
    {
      method: "connect",
    },
  );
}

/** A stdio target without its `prestarted` handle (any other target as it is). */
function withoutPrestarted(target: ConnectTarget): ConnectTarget {
  if (isTransport(target) || !("command" in target) || target.prestarted === undefined) {
    return target;
  }
  const { prestarted: _taken, ...rest } = target;
  return rest;
}

function isTransport(target: ConnectTarget): target is Transport {
  return typeof (target as Transport).request === "function";
}

/** The deprecated HTTP+SSE transport to a URL target (the last legacy fallback). */
async function openSseTransport(target: ConnectTarget): Promise<Transport> {
  if (isTransport(target) || !("url" in target)) {
    throw localError("input", "HTTP+SSE needs a { url } target", { method: "connect" });
  }
  return platformTransports().httpSse(target);
}

async function openTransport(target: ConnectTarget): Promise<Transport> {
  if (isTransport(target)) return target;
  if ("server" in target) return createInProcessTransport(target.server);
  // What the platform entry point installed (see platform.ts): undici and child processes on
  // Node, fetch elsewhere.
  const platform = platformTransports();
  if ("command" in target) {
    if (platform.stdio === undefined) throw stdioUnavailable(platform.name);
    return platform.stdio(target);
  }
  if ("url" in target) return platform.http(target);
  throw localError("input", "connect() needs { command }, { url }, { server } or a Transport");
}
