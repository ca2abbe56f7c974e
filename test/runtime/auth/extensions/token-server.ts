/**
 * A real token endpoint on 127.0.0.1 for the extension tests: it records every request (method,
 * path, headers, form body) and answers with what the test's handler says.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
}

export interface TokenServer {
  /** The server's base URL, without a trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startTokenServer(
  handler: (request: RecordedRequest) => Answer | Promise<Answer>,
): Promise<TokenServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(request);
      void Promise.resolve(handler(request)).then((answer) => {
        const body =
          typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status ?? 200, {
          "content-type": "application/json",
          ...answer.headers,
        });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A successful token answer. */
export const TOKEN: Answer = {
  body: { access_token: "at-123", token_type: "Bearer", expires_in: 3600, scope: "mcp" },
};
