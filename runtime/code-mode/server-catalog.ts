/**
 * The tools a code-mode sandbox may call, gathered from the servers given to `createCodeMode`.
 *
 * A server is given as a runtime client (`McpClient`), a generated client (it has `raw`), or a
 * generated client's `allTools` with its client. With `allTools` the script uses the generated
 * client's names (`getWeather`) and each call runs the generated input validator inside the
 * client's pipeline, so wrong arguments fail before anything is sent; without it the names are
 * the server's own (`servers.trip["get_weather"]`) and the server judges the arguments. Either
 * way the catalog is what `listTools()` offers, so a tool the client's selection hides is not
 * there to find or call.
 */
import type { McpClient } from "../client/index.js";
import type { ModelTool } from "../generated/index.js";
import { textForModel, TITLE_MAX_BYTES } from "../ai/index.js";
import { localError } from "../protocol/index.js";
import type { Result, Tool } from "../protocol/index.js";

/** A generated client: its untyped client is `raw`. */
export interface GeneratedClientLike {
  readonly raw: McpClient;
}

/** A generated client's `allTools` and the client to call them on. */
export interface GeneratedServer {
  readonly client: McpClient | GeneratedClientLike;
  /** The generated `allTools` (or a subset of it). */
  readonly tools: readonly ModelTool[];
}

/** One server of `createCodeMode({ servers })`. */
export type CodeModeServer = McpClient | GeneratedClientLike | GeneratedServer;

/** One tool as the sandbox and `searchTools` see it. */
export interface CatalogTool {
  /** The server's key in `servers`. */
  readonly server: string;
  /** The member of `servers.<server>`: the generated name, or the MCP name. */
  readonly key: string;
  /** The MCP name: what `tools/call` sends. */
  readonly name: string;
  /** The title for a model, one line; undefined when the server gave none. */
  readonly title: string | undefined;
  /** The description for a model (`textForModel`). */
  readonly description: string;
  /** The input JSON Schema as the server declared it. */
  readonly inputSchema: Tool["inputSchema"];
  /** Calls the tool through the client's pipeline. */
  call(args: unknown, signal: AbortSignal): Promise<Result | string>;
}

/** A JavaScript identifier a model may write after a dot (ASCII, as the generator names). */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** How a script reaches a tool: `servers.trip.getWeather`, or `servers.trip["a.b"]`. */
export function toolPath(tool: Pick<CatalogTool, "server" | "key">): string {
  const part = (name: string) => (IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);
  return `servers${part(tool.server)}${part(tool.key)}`;
}

function clientOf(server: CodeModeServer): McpClient {
  if ("client" in server && "tools" in server) return clientOf(server.client);
  if ("raw" in server && typeof server.raw?.callTool === "function") return server.raw;
  if (typeof (server as McpClient).callTool === "function") return server as McpClient;
  throw localError(
    "input",
    "each server must be an McpClient, a generated client, or { client, tools: allTools }",
    { method: "createCodeMode" },
  );
}

function forModel(definition: Tool): Pick<CatalogTool, "title" | "description"> {
  const shown = definition.title ?? definition.annotations?.title;
  return {
    title:
      typeof shown === "string"
        ? textForModel(shown, { singleLine: true, maxBytes: TITLE_MAX_BYTES }) || undefined
        : undefined,
    description:
      typeof definition.description === "string" ? textForModel(definition.description) : "",
  };
}

/**
 * Checks the servers' shapes and names, without any I/O.
 * @throws McpError of kind `input` for no servers, or a server that is not a client.
 */
export function checkServers(servers: Readonly<Record<string, CodeModeServer>>): void {
  const names = Object.keys(servers ?? {});
  if (names.length === 0) {
    throw localError(
      "input",
      "servers must name at least one client: { servers: { name: client } }",
      {
        method: "createCodeMode",
      },
    );
  }
  for (const name of names) clientOf(servers[name] as CodeModeServer);
}

/** Every tool the servers offer, in the order given (one `tools/list` per server). */
export async function buildCatalog(
  servers: Readonly<Record<string, CodeModeServer>>,
): Promise<CatalogTool[]> {
  const lists = await Promise.all(
    Object.entries(servers).map(async ([server, entry]) => {
      const client = clientOf(entry);
      // The client's own listing applies its selection and onToolsListed hook.
      const listed = await client.listTools();
      if ("tools" in entry && "client" in entry) {
        const offered = new Set(listed.map((tool) => tool.name));
        return entry.tools
          .filter((tool) => offered.has(tool.name))
          .map((tool): CatalogTool => ({
            server,
            key: tool.functionName,
            name: tool.name,
            ...forModel(tool.definition),
            inputSchema: tool.inputSchema,
            call: (args, signal) =>
              tool.callWithArguments(client, args, { signal }) as Promise<Result>,
          }));
      }
      return listed.map((definition): CatalogTool => ({
        server,
        key: definition.name,
        name: definition.name,
        ...forModel(definition),
        inputSchema: definition.inputSchema,
        call: (args, signal) =>
          client.callTool(definition.name, args as Record<string, unknown>, { signal }),
      }));
    }),
  );
  return lists.flat();
}
