/**
 * Talks to a live server and gathers its contract: discovery, then every page of every list the
 * server advertises. The only part of the CLI that opens a connection.
 */
import { connect, isMcpError, type ConnectTarget, type McpClient } from "../runtime/index.js";
import type { ClientCapabilities, Implementation } from "../runtime/types.js";
import type { PulledContract } from "../templates/snapshot.js";
import { CliError, ExitCode } from "./exit-codes.js";
import type { Reporter } from "./reporter.js";
import { PACKAGE_VERSION } from "./package-info.js";
import { count } from "./plural.js";

export interface PullOptions {
  /** The client name for generated code; defaults to the server's own name. */
  name?: string | undefined;
  /** Per-request timeout in milliseconds. */
  timeout?: number | undefined;
  clientCapabilities?: ClientCapabilities;
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
  let client: McpClient;
  try {
    client = await connect(target, {
      clientInfo: { name: "mcp-codegen", version: PACKAGE_VERSION },
      capabilities: clientCapabilities,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
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
    const [tools, prompts, resources, resourceTemplates] = await Promise.all([
      capabilities.tools === undefined ? [] : client.listTools(),
      capabilities.prompts === undefined ? [] : client.listPrompts(),
      capabilities.resources === undefined ? [] : client.listResources(),
      capabilities.resources === undefined ? [] : client.listResourceTemplates(),
    ]);
    options.reporter.progress(
      `${options.label}: ${count(tools.length, "tool")}, ${count(prompts.length, "prompt")}, ${count(resources.length, "resource")}, ${count(resourceTemplates.length, "resource template")}`,
    );
    return {
      name: options.name ?? info.name,
      server: info,
      protocolVersion: client.protocolVersion,
      supportedVersions: server.supportedVersions,
      capabilities,
      instructions: server.instructions,
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

/** One line that says what failed and what to do about it. */
function serverError(error: unknown, label: string, what: string): CliError {
  if (!isMcpError(error)) {
    return new CliError(`${label}: ${what}: ${String(error)}`, ExitCode.Internal, { cause: error });
  }
  const hints: Record<string, string> = {
    transport: "check the command or URL, and that the server starts and stays up",
    timeout: "the server did not answer in time; raise --timeout or check the server",
    auth: "the server requires authorization; pass credentials with --header 'Authorization: Bearer …'",
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
