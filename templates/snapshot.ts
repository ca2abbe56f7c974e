/**
 * `mcp.snapshot.json`: the contract generated code is made from. Pure: building a snapshot from
 * what a server said and normalising it (sorted, secrets never in it). Reading one back is
 * snapshot-parse.ts.
 */
import { escapeInvisible } from "./escape.js";
import type { ContractListKey } from "./contract-entries.js";
import type {
  ClientCapabilities,
  ClientNeed,
  Implementation,
  Prompt,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Skill,
  Tool,
} from "@mcp-codegen/runtime";
import { compareText } from "@mcp-codegen/runtime/internal";

/** Bumped when the snapshot's shape changes incompatibly. */
export const SNAPSHOT_FORMAT_VERSION = 1;

export interface Snapshot {
  formatVersion: number;
  /** The name generated code is called by (`create<Name>Client`), from `--name` or the server. */
  name: string;
  server: Implementation;
  protocolVersion: string;
  supportedVersions: string[];
  /**
   * `sse` when the server offered only the deprecated HTTP+SSE transport (2024-11-05); the
   * generated factory then opens it directly. Absent otherwise.
   */
  httpTransport?: "sse";
  capabilities: ServerCapabilities;
  instructions?: string;
  /** The capabilities declared while pulling: some servers list different tools per capability. */
  clientCapabilities: ClientCapabilities;
  /**
   * Tool name → the client capabilities (`ClientNeed`s) the server listed it with only, found by
   * listing again with fewer declared. Absent when no tool depends on one, or in snapshots
   * written before it existed; a tool missing from it needs none that could be told.
   */
  toolCapabilities?: Record<string, ClientNeed[]>;
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  /**
   * The skills the server listed (SEP-2640), sorted by URI, each with its files' digests. Only
   * present when the server declares the skills extension; absent in older snapshots.
   */
  skills?: Skill[];
  /**
   * The lists the server advertised but failed to give (it answered `resources/list` with an
   * error): their sections above are empty because they are unknown, not because the server
   * offers nothing, so `check --live` does not compare them. Absent when every list was read.
   */
  unlisted?: UnlistedSections;
  /** Generation choices made at pull time, so `generate` reproduces the same bytes. */
  codegen?: CodegenOptions;
  /**
   * Every other file generated with this snapshot (relative, `/`-separated, sorted). The next run
   * deletes stale files from this list only, so a folder nested inside the output (another
   * server's client, the user's own code) is never taken for leftovers. Absent in snapshots
   * written before the list existed: then nothing is deleted.
   */
  files?: string[];
  /**
   * Where the server came from when it was pulled from the MCP registry or a `server.json`: so
   * `check --live` can say when a newer version is published. Absent for a command or URL.
   */
  origin?: SnapshotOrigin;
}

/** A registry entry: its name, the version pulled and, for another registry, that registry's URL. */
export interface SnapshotOrigin {
  registry: string;
  version: string;
  registryUrl?: string;
}

/** Per list that could not be read, the server's error answer (its code and message). */
export type UnlistedSections = Partial<Record<ContractListKey, ListFailure>>;

/** A server's error answer to a list request, as the snapshot records it. */
export interface ListFailure {
  /** The JSON-RPC error code, e.g. -32603. */
  code: number;
  /** The server's message, cut to `MAX_LIST_FAILURE_MESSAGE` characters. */
  message: string;
}

/** The request that reads each list of a contract. */
export const CONTRACT_LIST_METHODS: Readonly<Record<ContractListKey, string>> = {
  tools: "tools/list",
  prompts: "prompts/list",
  resources: "resources/list",
  resourceTemplates: "resources/templates/list",
};

/** Most characters of a server's error message the snapshot keeps: enough to name the cause. */
export const MAX_LIST_FAILURE_MESSAGE = 300;

/** Choices that shape generated code but are not part of the server's contract. */
export interface CodegenOptions {
  /** `vendored` copies the runtime into the output folder. */
  runtime?: "package" | "vendored";
  /** Server name → the name to generate for it. */
  rename?: Record<string, string>;
  /**
   * `true`: input objects whose schema says nothing about other keys admit any key in their
   * type (`[k: string]: unknown`). Default: they admit only the declared ones.
   */
  openInputTypes?: boolean;
  /**
   * `"ts"`: relative imports between generated files end in `.ts`, so Deno runs them without
   * `--sloppy-imports`. Default `"js"`: `.js`, as node16/nodenext resolution and bundlers expect.
   */
  importExtension?: "js" | "ts";
  /**
   * `"js+dts"`: each module is written as `x.js` (what runs) and `x.d.ts` (its types and docs),
   * which a consumer's `tsc` reads without checking under `skipLibCheck`. Default `"ts"`: `x.ts`.
   */
  emit?: "ts" | "js+dts";
  /** `true`: also write the agent pack for code mode under `agent/` (`pull --agent`). */
  agent?: boolean;
}

/** What `pull` gathered from a server, before normalisation. */
export interface PulledContract {
  name: string;
  server: Implementation;
  protocolVersion: string;
  supportedVersions: string[];
  httpTransport?: "sse" | undefined;
  capabilities: ServerCapabilities;
  instructions?: string | undefined;
  clientCapabilities: ClientCapabilities;
  toolCapabilities?: Record<string, ClientNeed[]> | undefined;
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  /** Absent when the server does not declare the skills extension. */
  skills?: Skill[] | undefined;
  /** Lists the server failed to give (see `Snapshot.unlisted`). */
  unlisted?: UnlistedSections | undefined;
  codegen?: CodegenOptions | undefined;
  origin?: SnapshotOrigin | undefined;
}

/** Values kept exactly as the server wrote them: a schema's property order is what users read. */
const VERBATIM_KEYS: ReadonlySet<string> = new Set(["inputSchema", "outputSchema"]);

/**
 * Plain objects with keys sorted, recursively, except inside schemas; arrays keep their order
 * (it can carry meaning).
 */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareText)) {
    const child = (value as Record<string, unknown>)[key];
    // defineProperty, so a key like "__proto__" stays data instead of replacing the prototype.
    Object.defineProperty(sorted, key, {
      value: VERBATIM_KEYS.has(key) ? child : sortKeys(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return sorted;
}

/**
 * Builds the snapshot: lists sorted by name (or URI), every object's keys sorted, so a server
 * that reorders its lists or its JSON produces the same file.
 */
export function createSnapshot(contract: PulledContract): Snapshot {
  // Equal names (or URIs) are ordered by content with every key sorted, so the order does not
  // depend on how the server wrote its JSON either.
  const canonical = new Map<object, string>();
  const tieBreak = (a: object, b: object): number => {
    const key = (item: object): string => {
      let text = canonical.get(item);
      if (text === undefined) canonical.set(item, (text = canonicalJson(item)));
      return text;
    };
    return compareText(key(a), key(b));
  };
  const byName = <T extends { name: string }>(items: T[]): T[] =>
    [...items].sort((a, b) => compareText(a.name, b.name) || tieBreak(a, b));
  const snapshot: Snapshot = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    name: contract.name,
    server: contract.server,
    protocolVersion: contract.protocolVersion,
    supportedVersions: [...contract.supportedVersions],
    ...(contract.httpTransport === undefined ? {} : { httpTransport: contract.httpTransport }),
    capabilities: contract.capabilities,
    ...(contract.instructions === undefined ? {} : { instructions: contract.instructions }),
    clientCapabilities: contract.clientCapabilities,
    tools: byName(contract.tools),
    prompts: byName(contract.prompts),
    resources: [...contract.resources].sort(
      (a, b) => compareText(a.uri, b.uri) || compareText(a.name, b.name) || tieBreak(a, b),
    ),
    resourceTemplates: [...contract.resourceTemplates].sort(
      (a, b) =>
        compareText(a.uriTemplate, b.uriTemplate) || compareText(a.name, b.name) || tieBreak(a, b),
    ),
  };
  if (contract.skills !== undefined) {
    snapshot.skills = [...contract.skills]
      .sort((a, b) => compareText(a.uri, b.uri) || tieBreak(a, b))
      .map((skill) => ({
        ...skill,
        resources:
          skill.resources === "dynamic"
            ? skill.resources
            : [...skill.resources].sort((a, b) => compareText(a.uri, b.uri)),
      }));
  }
  const toolCapabilities = keptToolNeeds(contract.toolCapabilities, snapshot.tools);
  if (toolCapabilities !== undefined) snapshot.toolCapabilities = toolCapabilities;
  if (contract.unlisted !== undefined && Object.keys(contract.unlisted).length > 0) {
    snapshot.unlisted = contract.unlisted;
  }
  const codegen = normaliseCodegen(contract.codegen);
  if (codegen !== undefined) snapshot.codegen = codegen;
  if (contract.origin !== undefined) snapshot.origin = { ...contract.origin };
  return sortKeys(snapshot) as Snapshot;
}

/**
 * The needs of the tools the snapshot keeps (include/exclude may have dropped some), each list
 * sorted and without repeats; undefined when none is left, so the key is then absent.
 */
function keptToolNeeds(
  needs: Record<string, ClientNeed[]> | undefined,
  tools: readonly Tool[],
): Record<string, ClientNeed[]> | undefined {
  if (needs === undefined) return undefined;
  const kept: Record<string, ClientNeed[]> = {};
  for (const { name } of tools) {
    const list = Object.hasOwn(needs, name) ? needs[name] : undefined;
    if (list === undefined || list.length === 0) continue;
    Object.defineProperty(kept, name, {
      value: [...new Set(list)].sort(compareText),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** Leaves defaults out, so a plain pull writes no `codegen` section at all. */
function normaliseCodegen(options: CodegenOptions | undefined): CodegenOptions | undefined {
  if (options === undefined) return undefined;
  const result: CodegenOptions = {};
  if (options.runtime === "vendored") result.runtime = "vendored";
  if (options.rename !== undefined && Object.keys(options.rename).length > 0)
    result.rename = { ...options.rename };
  if (options.openInputTypes === true) result.openInputTypes = true;
  if (options.importExtension === "ts") result.importExtension = "ts";
  if (options.emit === "js+dts") result.emit = "js+dts";
  if (options.agent === true) result.agent = true;
  return Object.keys(result).length === 0 ? undefined : result;
}

/** JSON with every object's keys sorted, schemas included: only for ordering, never written. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, child: unknown) => {
    if (typeof child !== "object" || child === null || Array.isArray(child)) return child;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(child).sort(compareText)) {
      Object.defineProperty(sorted, key, {
        value: (child as Record<string, unknown>)[key],
        enumerable: true,
      });
    }
    return sorted;
  });
}

/**
 * The snapshot file's text: two-space JSON with a final newline, LF only. Characters that would
 * hide or reorder text for a reviewer (bidi controls, zero-width, U+2028) are written as `\uXXXX`
 * escapes, which JSON reads back as the same string.
 */
export function serializeSnapshot(snapshot: Snapshot, files?: readonly string[]): string {
  const { files: _previous, ...contract } = snapshot;
  const listed: Record<string, unknown> = files === undefined ? contract : { ...contract, files };
  // Only the top level needs ordering here: createSnapshot sorted everything below it.
  const ordered = Object.fromEntries(
    Object.keys(listed)
      .sort(compareText)
      .map((key) => [key, listed[key]]),
  );
  return `${escapeInvisible(JSON.stringify(ordered, null, 2))}\n`;
}

/**
 * A path the output folder may hold: relative, `/`-separated, no `.`, `..` or empty segment, no
 * backslash, drive letter or control character. A snapshot is a checked-in file anyone can edit,
 * so its file list must not be able to point outside the folder.
 */
export function isSafeOutputPath(path: string): boolean {
  if (path.length === 0 || path.length > 1024 || path.includes("\\") || path.includes(":"))
    return false;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20 || char === "\u007f")) return false;
  return path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
