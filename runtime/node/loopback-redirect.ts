/**
 * The redirect leg of OAuth for a program on the user's own machine (RFC 8252 §7.3): a one-shot
 * HTTP listener on the loopback address that the authorization server sends the browser back to.
 *
 * It listens on 127.0.0.1, not `localhost`: the name can resolve to ::1 or be remapped, the
 * address cannot. It listens before the flow starts, because the redirect URI (with its port) is
 * part of the client registration and of the authorization request. Only the request carrying the
 * `state` of the authorization in progress ends the wait; anything else (a stale tab, a page
 * probing the port) gets a 400 and is ignored. Once that request is answered, or the wait times
 * out or is aborted, the listener closes, so no port stays open after the flow.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthorizationRedirect } from "../auth/index.js";
import { localError, type McpError } from "../protocol/index.js";
import { timerDelay } from "../basics/index.js";

/** How long `authorize()` waits for the browser by default: 5 minutes. */
export const DEFAULT_AUTHORIZATION_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackRedirectOptions {
  /**
   * Shows the user the authorization URL: opens a browser, or prints the URL where none can
   * open. Called once by each `authorize()`, after the listener is ready.
   */
  open(authorizationUrl: URL): void | Promise<void>;
  /** The port to listen on; default 0, a free one the system picks. */
  port?: number;
  /** The redirect URI's path; default `/callback`. */
  path?: string;
  /** How long `authorize()` waits for the browser to come back. Default 5 minutes. */
  timeoutMs?: number;
}

export interface LoopbackRedirect extends AuthorizationRedirect {
  /** `http://127.0.0.1:<port><path>`. */
  readonly redirectUri: string;
  /**
   * Stops listening (a waiting `authorize()` rejects with kind `cancelled`). Call it when the flow
   * ends before `authorize()`; `authorize()` closes the listener itself.
   */
  close(): Promise<void>;
}

interface Waiting {
  state: string;
  /** Ends the wait with the redirect the browser brought back. */
  arrived(redirect: URL): void;
}

/**
 * Starts listening on 127.0.0.1 and resolves once the port is bound. Rejects with an `McpError` of
 * kind `input` for a bad option or a port that cannot be bound.
 *
 * `authorize(url, signal)` requires the URL to carry exactly one `state`; it calls `open(url)`,
 * then resolves with the redirect URL of the first GET to the path whose `state` matches (its
 * query holds `code` or `error`; the browser is shown a page saying which). It rejects with kind
 * `timeout` when no such request comes within `timeoutMs`, and `cancelled` when `signal` aborts or
 * `close()` is called. In every case the listener is closed before it settles.
 */
export async function loopbackRedirect(
  options: LoopbackRedirectOptions,
): Promise<LoopbackRedirect> {
  const path = options.path ?? "/callback";
  const port = options.port ?? 0;
  const timeoutMs = options.timeoutMs ?? DEFAULT_AUTHORIZATION_TIMEOUT_MS;
  if (!/^\/[^?#]*$/.test(path)) {
    throw localError(
      "input",
      `redirect path ${JSON.stringify(path)} must start with "/" and have no query or fragment`,
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw localError("input", `redirect port ${port} must be an integer from 0 to 65535`);
  }
  let waiting: Waiting | undefined;
  let closing: Promise<void> | undefined;
  let cancel: ((error: McpError) => void) | undefined;
  let redirectUri = "";
  const server = createServer((request, response) => {
    answer(request, response, redirectUri, waiting);
  });
  await listen(server, port);
  redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  const close = (): Promise<void> => {
    cancel?.(
      localError(
        "cancelled",
        `the redirect listener on ${redirectUri} was closed during the authorization`,
      ),
    );
    closing ??= new Promise((resolve) => {
      server.close(() => resolve());
      // Browsers keep connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
    });
    return closing;
  };

  const authorize = async (authorizationUrl: URL, signal?: AbortSignal): Promise<URL> => {
    if (closing !== undefined) {
      throw localError(
        "input",
        `the redirect listener on ${redirectUri} is closed: create a new one for another authorization`,
      );
    }
    if (waiting !== undefined) {
      throw localError("input", `an authorization is already waiting on ${redirectUri}`);
    }
    const states = authorizationUrl.searchParams.getAll("state");
    if (states.length !== 1 || states[0] === "") {
      await close();
      throw localError(
        "input",
        "the authorization URL must carry exactly one non-empty state parameter, so the redirect can be told apart from any other request to the listener",
      );
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    try {
      return await new Promise<URL>((resolve, reject) => {
        cancel = reject;
        waiting = { state: states[0]!, arrived: resolve };
        onAbort = () =>
          reject(
            localError(
              "cancelled",
              "the authorization was aborted before the browser came back",
              {},
              signal?.reason,
            ),
          );
        if (signal?.aborted === true) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        timer = setTimeout(
          () =>
            reject(
              localError(
                "timeout",
                `no redirect came back to ${redirectUri} within ${timeoutMs} ms: finish signing in in the browser sooner, or allow longer`,
              ),
            ),
          timerDelay(timeoutMs),
        );
        Promise.resolve()
          .then(() => options.open(authorizationUrl))
          .catch((error: unknown) =>
            reject(
              localError(
                "input",
                `could not show the authorization URL to the user: ${error instanceof Error ? error.message : String(error)}`,
                {},
                error,
              ),
            ),
          );
      });
    } finally {
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
      waiting = undefined;
      cancel = undefined;
      await close();
    }
  };

  return { redirectUri, authorize, close };
}

async function listen(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw localError(
      "input",
      `cannot listen on 127.0.0.1:${port} for the authorization redirect (${code}): choose another port, or leave it out to get a free one`,
      {},
      error,
    );
  });
}

/** Answers one request to the listener, and ends the wait when it is the awaited redirect. */
function answer(
  request: IncomingMessage,
  response: ServerResponse,
  redirectUri: string,
  waiting: Waiting | undefined,
): void {
  // Only the path and query of the request line count; a Host header is whatever the sender says.
  const target = new URL(redirectUri);
  const requested = new URL(request.url ?? "/", target);
  if (requested.pathname !== target.pathname)
    return page(response, 404, "Not found", "Nothing is served here.");
  if (request.method !== "GET") {
    response.setHeader("Allow", "GET");
    return page(response, 405, "Method not allowed", "The redirect is a GET request.");
  }
  target.search = requested.search;
  const states = target.searchParams.getAll("state");
  if (waiting === undefined || states.length !== 1 || states[0] !== waiting.state) {
    return page(
      response,
      400,
      "Not the authorization in progress",
      "This response does not belong to the authorization the application is waiting for, so it was ignored. Start the sign-in again from the application.",
    );
  }
  const error = target.searchParams.get("error");
  if (error === null) {
    page(
      response,
      200,
      "Authorization complete",
      "You can close this window and return to the application.",
    );
  } else {
    const description = target.searchParams.get("error_description");
    const detail = description === null ? error : `${error}: ${description}`;
    page(
      response,
      200,
      "Authorization failed",
      `The authorization server answered ${detail}. Return to the application for details.`,
    );
  }
  // After the page is out: the listener closes (dropping every connection) once the wait ends.
  response.once("close", () => waiting.arrived(target));
}

/** A small HTML page, its text escaped; nothing it shows can run script or leak a referrer. */
function page(response: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>\n`;
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "default-src 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  response.end(body);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
