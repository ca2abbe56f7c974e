/**
 * What an HTTP status other than "200 with a JSON-RPC body" means to an MCP client: a JSON-RPC
 * error the server put in a 4xx body (returned for the client to map by code), an auth
 * challenge (401/403), or a transport failure with a message that says what to do.
 */
import type { McpError } from "../protocol/index.js";
import { parseMessage } from "../protocol/index.js";
import type { JsonRpcErrorObject, JsonRpcErrorResponse, JsonRpcId } from "../protocol/index.js";
import { readBody } from "./http-body.js";
import { httpError } from "./http-error.js";
import type { HttpIoResponse } from "./http-io.js";
import { snippet } from "./http-snippet.js";
import { bearerChallenge } from "./www-authenticate.js";
import type { HttpAuthErrorData, HttpStatusErrorData } from "../protocol/index.js";

export type { HttpAuthErrorData, HttpStatusErrorData } from "../protocol/index.js";

/** The endpoint for messages and the transport's body cap. */
export interface HttpStatusContext {
  endpoint: string;
  maxResponseBytes: number;
}

// Error pages only feed a message and a JSON-RPC error; their start is all we need.
const ERROR_BODY_LIMIT = 64 * 1024;

const BEARER_KEYS = ["resource_metadata", "scope", "error", "error_description"] as const;

/**
 * Handles a response whose status is not 2xx.
 *
 * - 401 / 403 → throws kind `auth` with `HttpAuthErrorData`.
 * - other 4xx whose body is a JSON-RPC error with this request's id or none → resolves with
 *   that error response, the id filled in (notifications never resolve).
 * - 404 without one → "no MCP endpoint"; 405 → not a Streamable HTTP endpoint (a legacy
 *   HTTP+SSE server, perhaps); 413 / 431 → request or headers too large; 3xx → redirected;
 *   5xx and the rest → kind `transport` with `HttpStatusErrorData`.
 */
export async function answerErrorStatus(
  response: HttpIoResponse,
  message: { method: string; id?: JsonRpcId },
  context: HttpStatusContext,
): Promise<JsonRpcErrorResponse> {
  const status = response.status;
  const text = await readErrorBody(response, context);
  const rpc = jsonRpcError(text);
  if (status === 401 || status === 403) {
    throw authError(
      status,
      response.header("www-authenticate"),
      rpc?.error,
      message.method,
      context,
    );
  }
  if (status >= 400 && status < 500 && rpc !== undefined && message.id !== undefined) {
    if (rpc.id === undefined) return { ...rpc, id: message.id };
    if (rpc.id === message.id) return rpc;
  }
  throw statusError(
    status,
    response.header("location"),
    text,
    rpc?.error,
    message.method,
    context.endpoint,
  );
}

/**
 * The error for a 2xx that is not an answer: a request accepted without a body (202/204), or
 * a content type other than JSON or SSE. Includes the start of the body.
 */
export async function unexpectedSuccess(
  response: HttpIoResponse,
  method: string,
  contentType: string,
  context: HttpStatusContext,
): Promise<McpError> {
  const status = response.status;
  const body = snippet(await readErrorBody(response, context));
  const what =
    contentType === ""
      ? "no content type"
      : `content type ${JSON.stringify(snippet(contentType, 80))}`;
  const data: HttpStatusErrorData = { status };
  if (body !== "") data.body = body;
  return httpError(
    "transport",
    `the server at ${context.endpoint} answered HTTP ${status} with ${what}, not a JSON-RPC response in application/json or text/event-stream${body === "" ? "" : `: ${body}`}`,
    method,
    data,
  );
}

async function readErrorBody(
  response: HttpIoResponse,
  context: HttpStatusContext,
): Promise<string> {
  try {
    const limit = Math.min(ERROR_BODY_LIMIT, context.maxResponseBytes);
    return (await readBody(response.body, limit, "truncate")).text;
  } catch {
    return ""; // the status alone still says what happened
  }
}

function jsonRpcError(text: string): JsonRpcErrorResponse | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  const incoming = parseMessage(text);
  if (incoming.kind !== "response" || !("error" in incoming.message)) return undefined;
  return incoming.message;
}

function authError(
  status: number,
  challenge: string | undefined,
  rpc: JsonRpcErrorObject | undefined,
  method: string,
  context: HttpStatusContext,
): McpError {
  const bearer = bearerChallenge(challenge) ?? {};
  const data: HttpAuthErrorData = { status };
  for (const key of BEARER_KEYS) {
    const value = bearer[key];
    if (value !== undefined) data[key] = value;
  }
  if (rpc !== undefined) data.jsonrpcError = rpc;
  let text: string;
  if (status === 401) text = `the server at ${context.endpoint} requires authorization (HTTP 401)`;
  else if (data.error === "insufficient_scope") {
    text = `the token lacks a scope the server at ${context.endpoint} requires (HTTP 403)`;
  } else text = `the server at ${context.endpoint} refused access (HTTP 403)`;
  const details = [data.error, data.error_description, rpc?.message]
    .filter((part): part is string => part !== undefined && part !== "")
    .map((part) => snippet(part))
    .join(": ");
  if (details !== "") text += `: ${details}`;
  if (data.scope !== undefined) text += `; required scope: ${JSON.stringify(snippet(data.scope))}`;
  return httpError("auth", text, method, data);
}

function statusError(
  status: number,
  location: string | undefined,
  text: string,
  rpc: JsonRpcErrorObject | undefined,
  method: string,
  endpoint: string,
): McpError {
  const body = snippet(rpc === undefined ? text : rpc.message);
  const data: HttpStatusErrorData = { status };
  if (body !== "") data.body = body;
  if (rpc !== undefined) data.error = rpc;
  let message: string;
  if (status >= 300 && status < 400) {
    const target = snippet(location ?? "");
    data.location = target;
    message = `the server at ${endpoint} redirected (HTTP ${status}) to ${JSON.stringify(target)}; use that URL`;
  } else if (status === 404) message = `no MCP endpoint at ${endpoint} (HTTP 404), check the URL`;
  else if (status === 405) {
    message = `${endpoint} does not accept POST (HTTP 405): not a Streamable HTTP MCP endpoint, maybe a legacy HTTP+SSE server`;
  } else if (status === 413) {
    message = `the server at ${endpoint} refused the request body as too large (HTTP 413)`;
  } else if (status === 431) {
    message = `the server at ${endpoint} refused the request headers as too large (HTTP 431)`;
  } else if (status >= 500) message = `the server at ${endpoint} failed (HTTP ${status})`;
  else message = `the server at ${endpoint} rejected the request (HTTP ${status})`;
  if (body !== "") message += `: ${body}`;
  return httpError("transport", message, method, data);
}
