/**
 * Talks to a live server and gathers its contract: discovery, then every page of every list the
 * server advertises. The only part of the CLI that opens a connection.
 */
import {
  connect,
  ErrorCode,
  isMcpError,
  type ClientCapabilities,
  type ConnectTarget,
  type Implementation,
  type McpClient,
} from "@mcp-codegen/runtime";
import type { PulledContract } from "../templates/index.js";
import {
  checkDescription,
  clientName,
  contractTooLarge,
  keepWellFormed,
  keptInstructions,
  MAX_LIST_SIZE,
} from "./contract-checks.js";
import { BEARER_TOKEN_ENV, CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "./auth/env-names.js";
import { CliError, ExitCode } from "./exit-codes.js";
import type { Reporter } from "./reporter.js";
import { PACKAGE_VERSION } from "./package-info.js";
import { count } from "./plural.js";
import { NoiseTally } from "./stdout-noise-tally.js";

export interface PullOptions {
  /** The client name for generated code; defaults to the server's own name. */
  name?: string | undefined;
  /** Per-request timeout in milliseconds. */
  timeout?: number | undefined;
  /** `auto` (default) or a pinned protocol version. */
  protocol?: string | undefined;
  /** The capabilities recorded in the snapshot. */
  clientCapabilities?: ClientCapabilities;
  /**
   * The capabilities sent, when they differ: an auth extension declared for this connection only
   * is no part of the contract the generated client relies on.
   */
  connectCapabilities?: ClientCapabilities;
  reporter: Reporter;
  /** How to describe the server in messages (a config key, a command, a URL without secrets). */
  label: string;
}

/** Connects, discovers, lists everything and closes. Failures become one-line `CliError`s. */
export async function pullContract(
  target: ConnectTarget,
  options: PullOptions,
): Promise<PulledContract> {
  const clientCapabilities = options.clientCapabilities ?? {};
  const noise = new NoiseTally();
  try {
    return await pullConnected(target, options, clientCapabilities, noise);
  } finally {
    // One line for the whole pull, however many lines and connections (a probe restart) it took.
    const warning = noise.describe();
    if (warning !== undefined) options.reporter.warn(`${options.label}: the server ${warning}`);
  }
}

async function pullConnected(
  target: ConnectTarget,
  options: PullOptions,
  clientCapabilities: ClientCapabilities,
  noise: NoiseTally,
): Promise<PulledContract> {
  let client: McpClient;
  try {
    client = await connect(target, {
      clientInfo: { name: "mcp-codegen", version: PACKAGE_VERSION },
      capabilities: options.connectCapabilities ?? clientCapabilities,
      // Tools the runtime itself leaves out (not an object, a bad x-mcp-header) are named too.
      onDiagnostic: (diagnostic) => {
        if (diagnostic.kind === "invalid-tool") {
          options.reporter.warn(`${options.label}: ${diagnostic.detail}`);
        } else if (diagnostic.kind === "stdout-noise") {
          noise.add(diagnostic.count ?? 1, diagnostic.sample ?? "");
        }
      },
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    });
  } catch (error) {
    throw serverError(error, options.label, "could not connect");
  }
  try {
    const server = client.server;
    const info: Implementation = server.info ?? {
      name: options.name ?? "server",
      version: "0.0.0",
    };
    options.reporter.progress(
      `${options.label}: connected to ${info.name} ${info.version} (MCP ${client.protocolVersion})`,
    );
    const capabilities = server.capabilities;
    checkDescription({ capabilities, info }, options.label);
    const list = <T>(advertised: unknown, method: string, fetch: () => Promise<T[]>) =>
      advertised === undefined ? Promise.resolve([]) : listOrEmpty(method, fetch, options);
    // Typed as the runtime returns them, but nothing a server sends is checked until here.
    const bounded = { maxBytes: MAX_LIST_SIZE };
    const listed = await Promise.all([
      list(capabilities.tools, "tools/list", () => client.listTools(bounded)),
      list(capabilities.prompts, "prompts/list", () => client.listPrompts(bounded)),
      list(capabilities.resources, "resources/list", () => client.listResources(bounded)),
      list(capabilities.resources, "resources/templates/list", () =>
        client.listResourceTemplates(bounded),
      ),
    ]);
    const { tools, prompts, resources, resourceTemplates } = keepWellFormed(
      {
        tools: listed[0],
        prompts: listed[1],
        resources: listed[2],
        resourceTemplates: listed[3],
      },
      options.label,
      options.reporter,
    );
    options.reporter.progress(
      `${options.label}: ${count(tools.length, "tool")}, ${count(prompts.length, "prompt")}, ${count(resources.length, "resource")}, ${count(resourceTemplates.length, "resource template")}`,
    );
    return {
      name: clientName(options.name, info.name, options.label, options.reporter),
      server: info,
      protocolVersion: client.protocolVersion,
      supportedVersions: server.supportedVersions,
      httpTransport: client.verdict?.httpTransport === "sse" ? "sse" : undefined,
      capabilities,
      instructions: keptInstructions(server.instructions, options.label, options.reporter),
      clientCapabilities,
      tools,
      prompts,
      resources,
      resourceTemplates,
    };
  } catch (error) {
    throw serverError(error, options.label, "failed while reading its contract");
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * A list the server advertised but does not implement (it answers MethodNotFound, as some
 * servers do for resource templates): empty, with a warning, rather than failing the pull.
 */
async function listOrEmpty<T>(
  method: string,
  fetch: () => Promise<T[]>,
  options: PullOptions,
): Promise<T[]> {
  try {
    return await fetch();
  } catch (error) {
    if (!isMcpError(error) || error.code !== ErrorCode.MethodNotFound) throw error;
    options.reporter.warn(
      `${options.label}: the server advertises ${method} but does not implement it; taken as empty`,
    );
    return [];
  }
}

/** One line that says what failed and what to do about it. */
function serverError(error: unknown, label: string, what: string): CliError {
  if (error instanceof CliError) return error;
  // A list past its size bound (runtime/pagination.ts says which bound in `data`).
  if (isMcpError(error) && error.kind === "protocol" && hasKey(error.data, "maxBytes")) {
    return contractTooLarge(label);
  }
  if (!isMcpError(error)) {
    return new CliError(`${label}: ${what}: ${String(error)}`, ExitCode.Internal, { cause: error });
  }
  const hints: Record<string, string> = {
    transport: "check the command or URL, and that the server starts and stays up",
    timeout: "the server did not answer in time; raise --timeout or check the server",
    auth: `the server requires authorization: sign in on a terminal, or use --client-credentials (${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV}), ${BEARER_TOKEN_ENV}, or --header 'Authorization: Bearer …'`,
    protocol: "the server answered, but not as this client expects",
    jsonrpc: "the server could not understand the request",
    execution: "the server failed while answering; check its logs",
  };
  const hint = hints[error.kind];
  return new CliError(
    `${label}: ${what}: ${error.message}${hint === undefined ? "" : ` (${hint})`}`,
    ExitCode.Server,
    { cause: error },
  );
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key);
}
