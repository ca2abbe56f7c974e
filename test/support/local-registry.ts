/**
 * A local MCP registry on a loopback port: answers `GET` requests from a table of paths (as the
 * client sends them, percent-encoding included) and records every path asked for. No network.
 */
import { createServer, type ServerResponse } from "node:http";
import { listenLoopback, type RunningHttpServer } from "../fixtures/servers/loopback.js";

/** One answer: JSON (`body`), raw text, or a redirect. */
export type RegistryAnswer =
  { status?: number; body: unknown } | { status?: number; text: string } | { redirect: string };

export interface LocalRegistry extends RunningHttpServer {
  /** The base URL to give as `--registry-url`. */
  base: string;
  /** Paths requested, in order. */
  paths: string[];
  /** Path → answer; may be changed between requests. */
  routes: Map<string, RegistryAnswer>;
}

/** An entry as the official registry wraps it, with its status. */
export function registryEntry(server: unknown, status = "active"): unknown {
  return {
    server,
    _meta: { "io.modelcontextprotocol.registry/official": { status, isLatest: true } },
  };
}

/** The path the client asks for `name` at `version`. */
export function entryPath(name: string, version = "latest"): string {
  return `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  const routes = new Map<string, RegistryAnswer>();
  const paths: string[] = [];
  const answer = (path: string, response: ServerResponse) => {
    const found = routes.get(path);
    if (found === undefined) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ title: "Not Found", status: 404 }));
      return;
    }
    if ("redirect" in found) {
      response.writeHead(302, { location: found.redirect }).end();
      return;
    }
    response.writeHead(found.status ?? 200, { "content-type": "application/json" });
    response.end("text" in found ? found.text : JSON.stringify(found.body));
  };
  const server = createServer((request, response) => {
    paths.push(request.url ?? "");
    answer(request.url ?? "", response);
  });
  const running = await listenLoopback(server, "/");
  const base = new URL(running.url).origin;
  return { ...running, base, paths, routes };
}
