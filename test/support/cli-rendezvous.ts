/**
 * Proof that `pull` talks to a config's servers at the same time: an HTTP kitchen sink whose
 * `server/discover` is held until a stdio server has arrived at a meeting point, while that stdio
 * server (contract-server.mjs with `rendezvous`) is held at the meeting point until the HTTP
 * discovery has arrived. Pulled one after the other, the two wait for each other forever (until
 * the config's timeout); pulled in parallel, both go through.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createKitchenSinkServer } from "../fixtures/servers/index.js";
import { serveFetch } from "../fixtures/servers/node-fetch-server.js";

export interface Rendezvous {
  /** The kitchen sink's MCP endpoint, with its discovery gated. */
  mcpUrl: string;
  /** What the stdio server fetches; answered once the HTTP discovery has arrived. */
  arrivalUrl: string;
  /** The headers of every MCP request the HTTP side received. */
  mcpHeaders: Headers[];
  close(): Promise<void>;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export async function startRendezvous(): Promise<Rendezvous> {
  const httpArrived = deferred();
  const stdioArrived = deferred();
  const mcpHeaders: Headers[] = [];
  const handler = createMcpHandler(() => createKitchenSinkServer(), { onerror: () => {} });
  const running = await serveFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/arrive") {
      stdioArrived.resolve();
      await httpArrived.promise;
      return new Response("met");
    }
    if (path !== "/mcp") return new Response(null, { status: 404 });
    mcpHeaders.push(request.headers);
    const body = request.method === "POST" ? await request.clone().text() : "";
    if (body.includes('"server/discover"')) {
      httpArrived.resolve();
      await stdioArrived.promise;
    }
    return handler.fetch(request);
  }, "/mcp");
  return {
    mcpUrl: running.url,
    arrivalUrl: running.url.replace(/\/mcp$/, "/arrive"),
    mcpHeaders,
    close: async () => {
      await handler.close();
      await running.close();
    },
  };
}
