/**
 * HTTP for the OAuth flow: GETs of metadata documents, the JSON body of a response read with a
 * cap (metadata is untrusted and may be huge), and the https-only rule for authorization servers
 * (plain http is allowed only on loopback hosts, where development servers run).
 */
import { isJsonObject } from "../basics/index.js";
import type { FetchFunction } from "../http/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure, describeOAuthFailure } from "./auth-failure.js";
import { stepAborted } from "./auth-deadline.js";
import { maskUrl } from "../basics/index.js";

// Metadata and token responses are a few KiB; anything past this is not one.
const BODY_LIMIT = 256 * 1024;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for `https:`, or `http:` on a loopback host. */
export function isSecureEnough(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/** Parses `text` as an http(s) URL the flow may talk to, or throws `what` is unusable. */
export function endpointUrl(trigger: AuthTrigger, text: unknown, what: string): URL {
  let url: URL | undefined;
  if (typeof text === "string") {
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw authFailure(trigger, `${what} is not an http(s) URL; the server's OAuth setup is broken`);
  }
  if (!isSecureEnough(url)) {
    throw authFailure(
      trigger,
      `${what} ${maskUrl(url)} is not https; OAuth endpoints must use https (plain http only on localhost)`,
    );
  }
  return url;
}

/** The result of one GET: the status, and the body when it is a JSON object. */
export interface JsonGet {
  status: number;
  body: Record<string, unknown> | undefined;
}

/**
 * GETs `url` (`Accept: application/json`); a network failure is an `auth` error. `what` names
 * the document for a timeout (`the protected resource metadata at <url>`): the request's signal
 * bounds the whole exchange, body included.
 */
export async function getJson(
  fetchFn: FetchFunction,
  url: URL,
  trigger: AuthTrigger,
  signal: AbortSignal | undefined,
  what: string,
): Promise<JsonGet> {
  let response: Response;
  try {
    const init: RequestInit = { headers: { accept: "application/json" }, redirect: "manual" };
    if (signal !== undefined) init.signal = signal;
    response = await fetchFn(url.href, init);
  } catch (error) {
    if (signal?.aborted === true) throw stepAborted(trigger, signal, what);
    throw describeOAuthFailure(trigger, `fetching ${maskUrl(url)}`, error);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, body: undefined };
  }
  const body = await jsonBody(response);
  // A body cut short by the deadline is not a malformed document.
  if (signal?.aborted === true) throw stepAborted(trigger, signal, what);
  return { status: 200, body };
}

/** The response's body parsed as a JSON object, or undefined (too large, not JSON, not an object). */
export async function jsonBody(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await cappedText(response);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function cappedText(response: Response): Promise<string | undefined> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > BODY_LIMIT) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

/** `fetchFn`, or the global `fetch` looked up at each call. */
export function resolveFetch(fetchFn: FetchFunction | undefined): FetchFunction {
  return fetchFn ?? ((url, init) => globalThis.fetch(url, init));
}
