/**
 * The catalog side of `McpClient`: what the server offers and says of itself (`server/discover`,
 * the four lists, one page at a time or all of them) and the result cache those reads go
 * through. Kept apart from the calls (tools, prompts, resources, tasks) so each file holds one
 * concept; a governed client's selection and hooks shape what the lists return.
 */
import { ClientLifecycle } from "./client-lifecycle.js";
import {
  LIST_METHODS,
  type ListItems,
  type ListMethod,
  type ListOptions,
  type PageOptions,
} from "../session/index.js";
import type { Connection } from "./connection.js";
import { McpError } from "../protocol/index.js";
import type { Governance } from "../governance/index.js";
import { collectAllPages, readPage, type Page } from "../session/index.js";
import type { RequestOptions } from "../protocol/index.js";
import { cachedRequest, type ResultCache } from "../session/index.js";
import { describeServer, type ServerDescription } from "../eras/index.js";
import { dropInvalidTools, dropMalformedTools } from "../calls/index.js";
import type {
  ClientCapabilities,
  Prompt,
  Resource,
  ResourceTemplate,
  Result,
  Tool,
} from "../protocol/index.js";

export abstract class ClientCatalog extends ClientLifecycle {
  /** @internal The results cache; `setAuth` and `listen` notifications invalidate it. */
  protected readonly cache: ResultCache;
  /** @internal The `tools`/`hooks`/`policy` pipeline; absent for a plain client. */
  protected readonly governance: Governance | undefined;
  /** Tools from the last full `listTools()`, for `Mcp-Param-*` headers of untyped calls. */
  #tools = new Map<string, Tool>();

  protected constructor(
    connection: Connection,
    cache: ResultCache,
    governance: Governance | undefined,
  ) {
    super(connection);
    this.cache = cache;
    this.governance = governance;
  }

  /** The server's description from the last `server/discover`; throws if discovery was skipped. */
  get server(): ServerDescription {
    const server = this.connection.server;
    if (server === undefined) {
      throw new McpError({
        kind: "input",
        message: "server/discover was not called; call client.discover() first",
      });
    }
    return server;
  }

  /**
   * Calls `server/discover` and keeps its answer as `client.server`. An initialize-era server
   * has no such method: its description is the one its `initialize` result gave.
   */
  async discover(options?: RequestOptions): Promise<ServerDescription> {
    const known = this.connection.server;
    if (this.connection.era === "legacy" && known !== undefined) return known;
    const context = { method: "server/discover" };
    const result = await this.cached("server/discover", undefined, options, () =>
      this.connection.request("server/discover", undefined, options, context),
    );
    const server = describeServer(result, this.connection.protocolVersion, context);
    this.connection.server = server;
    return server;
  }

  /**
   * Every tool, following `nextCursor` through all pages (capped by `maxPages`/`maxItems`); on a
   * governed client, those its `tools` selection offers, as its `onToolsListed` hook leaves them.
   */
  async listTools(options?: ListOptions): Promise<Tool[]> {
    const usable = await this.listUsable(options);
    return this.governance === undefined ? usable : this.governance.listed(usable);
  }

  /** Every prompt, through all pages. */
  listPrompts(options?: ListOptions): Promise<Prompt[]> {
    return this.#listAll("prompts/list", options);
  }

  /** Every static resource, through all pages. */
  listResources(options?: ListOptions): Promise<Resource[]> {
    return this.#listAll("resources/list", options);
  }

  /** Every resource template, through all pages. */
  listResourceTemplates(options?: ListOptions): Promise<ResourceTemplate[]> {
    return this.#listAll("resources/templates/list", options);
  }

  /** One page of a list; `nextCursor` is present (possibly `""`) when more pages follow. */
  async listPage<M extends ListMethod>(
    method: M,
    options?: PageOptions,
  ): Promise<Page<ListItems[M]>> {
    const context = { method };
    const params = options?.cursor === undefined ? undefined : { cursor: options.cursor };
    const result = await this.cached(method, params, options, () =>
      this.connection.request(method, params, options, context),
    );
    const page = readPage<ListItems[M]>(result, LIST_METHODS[method], context);
    return this.governance === undefined ? page : this.governance.listedPage(method, page);
  }

  /** Drops every cached result (see `RequestOptions.cache` to skip the cache for one request). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * @internal Every tool the client can call, before any governance: malformed ones dropped,
   * and over HTTP those whose header annotations are invalid. Remembered for `knownTool`.
   */
  protected async listUsable(options?: ListOptions): Promise<Tool[]> {
    const report = this.connection.transport.onDiagnostic;
    const listed = dropMalformedTools(await this.#listAll("tools/list", options), report);
    const usable =
      this.connection.transport.carriesHeaders === true ? dropInvalidTools(listed, report) : listed;
    this.#tools = new Map(usable.map((tool) => [tool.name, tool]));
    return usable;
  }

  /**
   * @internal The names of the tools the server lists to a client declaring `capabilities`
   * instead of this connection's, on this connection: a 2026-07-28 server reads the
   * capabilities of each request, so no new connection (on stdio, no new process) is needed.
   * `undefined` in the initialize era, where the capabilities are fixed at the handshake and
   * only a new session can declare others. Never cached, never governed: `pull` asks it to
   * learn which tools a capability gates.
   */
  async listToolNamesDeclaring(
    capabilities: ClientCapabilities,
    options?: ListOptions,
  ): Promise<string[] | undefined> {
    if (this.connection.era !== "modern") return undefined;
    const context = { method: "tools/list" };
    const tools = await collectAllPages<Tool>(
      async (cursor) => {
        const params = cursor === undefined ? undefined : { cursor };
        const result = await this.connection.request("tools/list", params, options, context, {
          capabilities,
        });
        return readPage<Tool>(result, LIST_METHODS["tools/list"], context);
      },
      options ?? {},
      context,
    );
    // Not reported: the caller's own full listing has told of each malformed entry already.
    return dropMalformedTools(tools, undefined).map((tool) => tool.name);
  }

  /** @internal The tool of that name from the last full `listTools()`, if any. */
  protected knownTool(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** @internal A cacheable request through the cache (see `cachedRequest`). */
  protected cached(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    send: () => Promise<Result>,
  ): Promise<Result> {
    const version = this.connection.protocolVersion;
    return cachedRequest(this.cache, version, method, params, options, send);
  }

  async #listAll<M extends ListMethod>(
    method: M,
    options: ListOptions | undefined,
  ): Promise<ListItems[M][]> {
    const context = { method };
    const key = LIST_METHODS[method];
    return collectAllPages<ListItems[M]>(
      async (cursor) => {
        const params = cursor === undefined ? undefined : { cursor };
        const result = await this.cached(method, params, options, () =>
          this.connection.request(method, params, options, context),
        );
        return readPage<ListItems[M]>(result, key, context);
      },
      options ?? {},
      context,
    );
  }
}
