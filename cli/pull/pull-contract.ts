/**
 * Talks to a live server and gathers its contract: discovery, then every page of every list the
 * server advertises. The only part of the CLI that opens a connection.
 */
import {
  CLIENT_NEEDS,
  connect,
  ErrorCode,
  isMcpError,
  SKILLS_EXTENSION,
  type ClientCapabilities,
  type ClientNeed,
  type ConnectTarget,
  type Implementation,
  type McpClient,
} from "@mcp-codegen/runtime";
import type { ContractListKey, PulledContract, UnlistedSections } from "../../templates/index.js";
import {
  checkDescription,
  clientName,
  keepWellFormed,
  keptInstructions,
  MAX_LIST_SIZE,
} from "./contract-checks.js";
import type { Reporter } from "../terminal/index.js";
import { PACKAGE_VERSION } from "../output/light.js";
import { count } from "../terminal/index.js";
import { watchSilence, type SilenceWatch } from "./silence-watch.js";
import { NoiseTally } from "./stdout-noise-tally.js";
import { serverError } from "./pull-failure.js";
import { capabilitiesDeclaring, refusingHandlers } from "./pull-capabilities.js";
import { pullTarget, startToolNeedsOf } from "./relisting.js";
import { spareServer, type SpareServer } from "./spare-server.js";
import type { ToolNeedsSearch } from "./tool-needs.js";
import {
  fatalListFailure,
  readList,
  reportListFailures,
  type FaultSink,
  type ListRead,
} from "./list-reads.js";
export interface PullOptions {
  /** The client name for generated code; defaults to the server's own name. */
  name?: string | undefined;
  /** Per-request timeout in milliseconds. */
  timeout?: number | undefined;
  /** `auto` (default) or a pinned protocol version. */
  protocol?: string | undefined;
  /**
   * The client capabilities to declare (`--capabilities`, a server's `capabilities` in the
   * config); default: every one the runtime can answer. Ignored when `clientCapabilities` is given.
   */
  declare?: readonly ClientNeed[] | undefined;
  /** The capabilities recorded in the snapshot (`check --live`: the snapshot's own). */
  clientCapabilities?: ClientCapabilities;
  /**
   * The capabilities sent, when they differ: an auth extension declared for this connection only
   * is no part of the contract the generated client relies on.
   */
  connectCapabilities?: ClientCapabilities;
  reporter: Reporter;
  /** How to describe the server in messages (a config key, a command, a URL without secrets). */
  label: string;
  /** The server comes from the config file: hints name its fields rather than flags. */
  fromConfig?: boolean | undefined;
  /**
   * Where warnings about the server's faults go: a list it failed or advertises without
   * implementing it, junk on its stdout. They change no generated type, so `--strict` (which
   * captures `reporter.warn`) passes its own reporter's `warn` here to keep them warnings.
   * Default: `reporter.warn`.
   */
  onServerFault?: FaultSink | undefined;
  /**
   * Called once, when the first request to the server has left: a stdio server's process is
   * spawned by then. Work started here (loading the generator) runs while the server boots
   * without delaying its start. Not called when the pull fails before sending anything.
   */
  onServerStarted?: (() => void) | undefined;
  /**
   * The server answered in the initialize era at the last pull (its snapshot says so): a stdio
   * server's process for listing with fewer capabilities starts beside the first connection
   * rather than after its handshake (spare-server.ts).
   */
  relistEarly?: boolean | undefined;
  /**
   * Takes the closing of the pull's connections (its own, the relistings', an unused spare)
   * instead of the pull awaiting it: a server that ignores the end of its stdin is stopped after
   * a grace, which the caller can spend writing files. The caller must await each before it
   * exits, or those servers live on. May be called more than once.
   */
  onClosing?: ((closed: Promise<void>) => void) | undefined;
}

/** The capabilities a pull declares and records: `clientCapabilities`, else those of `declare`. */
export function recordedCapabilities(options: PullOptions): ClientCapabilities {
  return options.clientCapabilities ?? capabilitiesDeclaring(options.declare ?? CLIENT_NEEDS);
}

/**
 * Connects, discovers, lists everything and closes. Failures become one-line `CliError`s. Every
 * request the server sends meanwhile is refused (a pull never runs a tool); when some tools are
 * listed only with some client capabilities, the contract says which (`toolCapabilities`).
 */
export async function pullContract(
  target: ConnectTarget,
  options: PullOptions,
): Promise<PulledContract> {
  const clientCapabilities = recordedCapabilities(options);
  const noise = new NoiseTally();
  const silence = watchSilence(options.reporter, options.label);
  const spare = spareServer(
    target,
    options.relistEarly === true,
    options.connectCapabilities ?? clientCapabilities,
  );
  try {
    return await pullConnected(target, options, clientCapabilities, { noise, silence, spare });
  } finally {
    // Stopped unless a connection took it: the server now speaks 2026-07-28, or the pull failed.
    const stopped = spare.dispose();
    if (options.onClosing === undefined) await stopped;
    else options.onClosing(stopped);
    silence.stop();
    // One line for the whole pull, however many lines and connections (a probe restart) it took.
    const warning = noise.describe();
    if (warning !== undefined) faultSink(options)(`${options.label}: the server ${warning}`);
  }
}

async function pullConnected(
  target: ConnectTarget,
  options: PullOptions,
  clientCapabilities: ClientCapabilities,
  { noise, silence, spare }: { noise: NoiseTally; silence: SilenceWatch; spare: SpareServer },
): Promise<PulledContract> {
  const failure = {
    started: Date.now(),
    label: options.label,
    stdio: "command" in target,
    timeout: options.timeout,
    fromConfig: options.fromConfig === true,
  };
  let client: McpClient;
  const sent = options.connectCapabilities ?? clientCapabilities;
  let started = options.onServerStarted;
  const requestSent = (method: string) => {
    silence.sent(method);
    const call = started;
    started = undefined;
    call?.();
  };
  try {
    client = await connect(pullTarget(target), {
      clientInfo: { name: "mcp-codegen", version: PACKAGE_VERSION },
      capabilities: sent,
      handlers: refusingHandlers(sent),
      // Tools the runtime itself leaves out (not an object, a bad x-mcp-header) are named too.
      onDiagnostic: (diagnostic) => {
        if (diagnostic.kind === "invalid-tool") {
          options.reporter.warn(`${options.label}: ${diagnostic.detail}`);
        } else if (diagnostic.kind === "stdout-noise") {
          noise.add(diagnostic.count ?? 1, diagnostic.sample ?? "");
        }
      },
      onRequestSent: requestSent,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    });
  } catch (error) {
    throw serverError(error, { ...failure, what: "could not connect" });
  }
  // A server that now speaks 2026-07-28 relists on this connection: no boot for nothing.
  if (client.verdict?.era !== "legacy") void spare.dispose();
  let detection: ToolNeedsSearch | undefined;
  const closing: Promise<void>[] = [];
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
    const fault = faultSink(options);
    // Before the lists are read: its first listing overlaps the main tools/list.
    detection = startToolNeedsOf(capabilities.tools !== undefined, {
      target,
      label: options.label,
      timeout: options.timeout,
      protocol: options.protocol,
      fault,
      client,
      sent,
      silence,
      spare,
      closing,
    });
    const list = <T>(advertised: unknown, key: ContractListKey, fetch: () => Promise<T[]>) =>
      advertised === undefined
        ? Promise.resolve<ListRead<T>>({ entries: [] })
        : readList(key, fetch, options.label, fault);
    // Typed as the runtime returns them, but nothing a server sends is checked until here.
    const bounded = { maxBytes: MAX_LIST_SIZE };
    const [toolsRead, promptsRead, resourcesRead, templatesRead] = await Promise.all([
      list(capabilities.tools, "tools", () => client.listTools(bounded)),
      list(capabilities.prompts, "prompts", () => client.listPrompts(bounded)),
      list(capabilities.resources, "resources", () => client.listResources(bounded)),
      list(capabilities.resources, "resourceTemplates", () =>
        client.listResourceTemplates(bounded),
      ),
    ]);
    const reads = {
      tools: toolsRead,
      prompts: promptsRead,
      resources: resourcesRead,
      resourceTemplates: templatesRead,
    };
    const fatal = fatalListFailure(reads);
    if (fatal !== undefined) throw fatal;
    reportListFailures(reads, options.label, fault);
    // Skill entries only (SEP-2640): no skill file is read while pulling.
    const skills =
      capabilities.extensions?.[SKILLS_EXTENSION] === undefined
        ? undefined
        : await listOrEmpty("skills/list", () => client.skills.list(bounded), options);
    const { tools, prompts, resources, resourceTemplates } = keepWellFormed(
      {
        tools: toolsRead.entries,
        prompts: promptsRead.entries,
        resources: resourcesRead.entries,
        resourceTemplates: templatesRead.entries,
      },
      options.label,
      options.reporter,
    );
    const toolCapabilities = await detection.finish(tools.map((tool) => tool.name));
    options.reporter.progress(
      `${options.label}: ${count(tools.length, "tool")}, ${count(prompts.length, "prompt")}, ${count(resources.length, "resource")}, ${count(resourceTemplates.length, "resource template")}${skills === undefined ? "" : `, ${count(skills.length, "skill")}`}`,
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
      ...(Object.keys(toolCapabilities).length === 0 ? {} : { toolCapabilities }),
      tools,
      prompts,
      resources,
      resourceTemplates,
      ...(skills === undefined ? {} : { skills }),
      unlisted: unlistedSections(reads),
    };
  } catch (error) {
    throw serverError(error, { ...failure, what: "failed while reading its contract" });
  } finally {
    // Closed with the relistings' connections, in the background: see `onClosing`.
    closing.push(client.close().catch(() => undefined));
    // A pull that failed first leaves no listing of its own running (nor its session open).
    await detection?.settled;
    const closed = Promise.all(closing).then(() => undefined);
    if (options.onClosing === undefined) await closed;
    else options.onClosing(closed);
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
    faultSink(options)(
      `${options.label}: the server advertises ${method} but does not implement it; taken as empty`,
    );
    return [];
  }
}

/** Where server faults are told (see `PullOptions.onServerFault`). */
function faultSink(options: PullOptions): FaultSink {
  return options.onServerFault ?? ((line) => options.reporter.warn(line));
}

/** The lists the server failed to give, for the snapshot; undefined when there is none. */
function unlistedSections(
  reads: Record<ContractListKey, ListRead<unknown>>,
): UnlistedSections | undefined {
  const failed = Object.entries(reads).flatMap(([key, read]) =>
    read.failure === undefined ? [] : [[key, read.failure.recorded] as const],
  );
  return failed.length === 0 ? undefined : Object.fromEntries(failed);
}
