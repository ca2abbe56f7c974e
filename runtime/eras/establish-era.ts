/**
 * Finding the era of a server and opening the session in it: probe with `server/discover`,
 * fall back to the `initialize` handshake when the server is not modern, restart a stdio
 * server the probe broke, and skip the probe when a verdict from before says legacy (checked by
 * the handshake itself: a server that no longer speaks legacy is probed afresh).
 */
import { isAuthorizationTimeout } from "../auth/index.js";
import { McpError, isMcpError } from "../protocol/index.js";
import { explainProbeFailure, negotiate, probeVerdict } from "./discover-probe.js";
import type { EraVerdict } from "../protocol/index.js";
import { initializeLegacy } from "./legacy-handshake.js";
import { LEGACY_PROTOCOL_VERSIONS } from "../protocol/index.js";
import type { ServerDescription } from "./server-description.js";
import type { Session } from "../session/index.js";
import type { ClientCapabilities, Implementation } from "../protocol/index.js";
import { isRequestTimeout, startDeadline, type ConnectDeadline } from "./connect-deadline.js";

/** How long the probe may go unanswered before the server counts as initialize-era. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

export interface EraPlan {
  /** `auto`, or a pinned version (modern or legacy): then only that era is tried. */
  protocol: string;
  /** The preferred modern version for the probe. */
  modernVersion: string;
  prior: EraVerdict | undefined;
  /** The probe's own bound; the deadline gives it at most half of what is left. */
  probeTimeout: number;
  /**
   * The one deadline of this attempt (probe, handshake, restarts); started by the caller
   * before the transport was opened, so starting the process counts too. None if unset.
   */
  deadline?: ConnectDeadline | undefined;
  /**
   * Connect's `timeout` (0: none): the deadline of an OAuth flow the probe's 401 starts, which
   * the probe's short timeout must not cut (see `RequestExtras.authorizationTimeout`).
   */
  authorizationTimeout?: number;
  capabilities: ClientCapabilities;
  clientInfo: Implementation;
  signal: AbortSignal | undefined;
  /** A new session on a fresh transport (a restarted stdio server); undefined when not possible. */
  reopen: (() => Promise<Session>) | undefined;
  /**
   * A session over the deprecated HTTP+SSE transport (2024-11-05) to the same URL: the last
   * resort for a server whose `initialize` POST fails with 400, 404 or 405. Undefined for
   * targets other than a URL.
   */
  openSse: (() => Promise<Session>) | undefined;
  /** Told when the probe goes out and when the initialize handshake starts. */
  onPhase?: ((phase: "discovering" | "initializing") => void) | undefined;
}

export interface Established {
  session: Session;
  server: ServerDescription;
  verdict: EraVerdict;
}

/**
 * Opens the session in the server's era. When that fails, a session it opened in place of
 * `session` (a restarted process, an HTTP+SSE connection) is closed here, and `session` itself is
 * left to the caller: a restarted `cat` would otherwise outlive the failed connect, and its pipes
 * keep the caller's process alive.
 */
export async function establishEra(session: Session, plan: EraPlan): Promise<Established> {
  let latest = session;
  const deadline = plan.deadline ?? startDeadline(0);
  const tracked = (open: (() => Promise<Session>) | undefined) =>
    open === undefined ? undefined : async () => (latest = await open());
  try {
    return await establish(session, {
      ...plan,
      deadline,
      reopen: tracked(plan.reopen),
      openSse: tracked(plan.openSse),
    });
  } catch (error) {
    if (latest !== session) await latest.close().catch(() => undefined);
    throw deadline.explain(error, session.transport.endpoint);
  }
}

/** The plan's deadline (`establishEra` always sets one). */
function deadlineOf(plan: EraPlan): ConnectDeadline {
  return plan.deadline!;
}

async function establish(session: Session, plan: EraPlan): Promise<Established> {
  if (LEGACY_PROTOCOL_VERSIONS.includes(plan.protocol)) {
    return legacyOrSse(session, plan, [plan.protocol]);
  }
  if (plan.protocol !== "auto") {
    session.protocolVersion = plan.protocol;
    return modern(session, plan, undefined);
  }
  if (plan.prior?.era === "legacy") {
    try {
      if (plan.prior.httpTransport === "sse" && plan.openSse !== undefined) {
        const sse = await replace(session, plan.openSse);
        return viaSse(
          await legacy(sse, plan, LEGACY_PROTOCOL_VERSIONS, plan.prior.protocolVersion),
        );
      }
      return await legacyOrSse(session, plan, LEGACY_PROTOCOL_VERSIONS, plan.prior.protocolVersion);
    } catch (error) {
      if (
        !isMcpError(error) ||
        error.kind === "cancelled" ||
        error.kind === "auth" ||
        isAuthorizationTimeout(error)
      ) {
        throw error;
      }
      // The server changed since the verdict was taken: find its era again, on a fresh process
      // (unless the deadline is spent: a silent server stays silent).
      if (deadlineOf(plan).passed()) throw error;
      const fresh = plan.reopen === undefined ? session : await replace(session, plan.reopen);
      fresh.protocolVersion = plan.modernVersion;
      return detect(fresh, plan);
    }
  }
  session.protocolVersion = plan.modernVersion;
  return detect(session, plan);
}

async function detect(session: Session, plan: EraPlan): Promise<Established> {
  let restart: boolean;
  let probeError: unknown;
  try {
    return await modern(session, plan, plan.probeTimeout);
  } catch (error) {
    ({ restart } = probeVerdict(error, session.transport));
    probeError = error;
  }
  if (deadlineOf(plan).passed()) throw probeError;
  const first =
    restart && plan.reopen !== undefined ? await replace(session, plan.reopen) : session;
  try {
    return await legacyOrSse(first, plan, LEGACY_PROTOCOL_VERSIONS);
  } catch (error) {
    // Some stdio servers fix their era on the first request they see, and refuse `initialize`
    // after the probe: a fresh process gets it first.
    if (restart || plan.reopen === undefined || !retryable(error) || deadlineOf(plan).passed()) {
      throw neitherEra(probeError, error, first.transport.endpoint);
    }
    const fresh = await replace(first, plan.reopen);
    try {
      return await legacy(fresh, plan, LEGACY_PROTOCOL_VERSIONS);
    } catch (retryError) {
      throw neitherEra(probeError, retryError, fresh.transport.endpoint);
    }
  }
}

/**
 * The server answered neither the probe nor `initialize` as expected. When `initialize` failed
 * for a reason of its own (the connection, a timeout, the caller, authorization) that reason is
 * the error; when the server answered both with errors or junk, one `protocol` error names both
 * answers, with the probe's code and the handshake's error as `cause`.
 */
function neitherEra(probeError: unknown, initError: unknown, endpoint: string): unknown {
  if (!isMcpError(initError) || !isMcpError(probeError)) return initError;
  if (!SERVER_ANSWERS.has(initError.kind)) return initError;
  const probe = probeError.serverMessage ?? probeError.message;
  const init = initError.serverMessage ?? initError.message;
  return new McpError({
    kind: "protocol",
    method: "initialize",
    target: endpoint,
    code: probeError.code,
    data: probeError.data,
    cause: initError,
    message: `connect ${JSON.stringify(endpoint)}: the server answers neither as an MCP 2026-07-28 server (server/discover: ${probe}) nor as an initialize-era server, 2025-11-25 or older (initialize: ${init}); check that the command or URL is an MCP server`,
  });
}

/** Kinds that mean the server answered (with an error or junk), not that nothing came back. */
const SERVER_ANSWERS: ReadonlySet<string> = new Set(["jsonrpc", "protocol", "execution"]);

async function modern(
  session: Session,
  plan: EraPlan,
  probeTimeout: number | undefined,
): Promise<Established> {
  let server: ServerDescription;
  plan.onPhase?.("discovering");
  const deadline = deadlineOf(plan);
  const timeout = probeTimeout === undefined ? deadline.left() : deadline.probe(probeTimeout);
  try {
    server = await negotiate(session, plan.signal, timeout, plan.authorizationTimeout);
  } catch (error) {
    if (isRequestTimeout(error)) deadline.unanswered("server/discover");
    if (probeTimeout !== undefined) throw error;
    throw explainProbeFailure(error, session.transport.endpoint);
  }
  const verdict: EraVerdict = { era: "modern", protocolVersion: server.protocolVersion };
  return { session, server, verdict };
}

async function legacy(
  session: Session,
  plan: EraPlan,
  accepted: readonly string[],
  preferred?: string,
): Promise<Established> {
  const protocolVersion =
    preferred !== undefined && accepted.includes(preferred) ? preferred : accepted[0]!;
  const handshake = (
    version: string,
    versions: readonly string[],
    signal?: AbortSignal,
    timeout?: number,
  ) =>
    initializeLegacy(session, {
      protocolVersion: version,
      acceptedVersions: versions,
      capabilities: plan.capabilities,
      clientInfo: plan.clientInfo,
      signal,
      timeout,
    });
  plan.onPhase?.("initializing");
  const deadline = deadlineOf(plan);
  const server = await handshake(protocolVersion, accepted, plan.signal, deadline.left()).catch(
    (error: unknown) => {
      if (isRequestTimeout(error)) deadline.unanswered("initialize");
      throw error;
    },
  );
  // A server that forgets the HTTP session (404) gets the same handshake again, once per 404,
  // for the version already agreed on.
  session.reinitialize = () => handshake(server.protocolVersion, [server.protocolVersion]);
  const verdict: EraVerdict = { era: "legacy", protocolVersion: server.protocolVersion };
  return { session, server, verdict };
}

/**
 * The handshake over Streamable HTTP, and over HTTP+SSE when the server refuses the POST the way
 * a server that only has the old transport does (400, 404 or 405 without a modern error body).
 */
async function legacyOrSse(
  session: Session,
  plan: EraPlan,
  accepted: readonly string[],
  preferred?: string,
): Promise<Established> {
  try {
    return await legacy(session, plan, accepted, preferred);
  } catch (error) {
    if (plan.openSse === undefined || !refusedPost(error)) throw error;
    const sse = await replace(session, plan.openSse);
    return viaSse(await legacy(sse, plan, accepted, preferred));
  }
}

function viaSse(established: Established): Established {
  established.verdict.httpTransport = "sse";
  return established;
}

/** An HTTP status answer without a modern JSON-RPC error body, of the kind old servers give. */
function refusedPost(error: unknown): boolean {
  if (!isMcpError(error) || error.kind !== "transport") return false;
  const status = error.data?.status;
  return status === 400 || status === 404 || status === 405;
}

/** Failures a fresh process may not repeat: not the caller's cancellation, not a refused login. */
function retryable(error: unknown): boolean {
  return (
    isMcpError(error) &&
    error.kind !== "cancelled" &&
    error.kind !== "auth" &&
    !isAuthorizationTimeout(error)
  );
}

async function replace(session: Session, reopen: () => Promise<Session>): Promise<Session> {
  await session.close().catch(() => undefined);
  return reopen();
}
