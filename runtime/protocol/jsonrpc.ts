/**
 * JSON-RPC 2.0 message shapes and the one classifier that turns an untrusted decoded value into
 * a typed message. Every transport funnels what it receives through `classifyMessage`, so a peer
 * that sends junk is handled in one place.
 */
import { isJsonObject } from "../basics/index.js";

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResultResponse {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result: Record<string, unknown>;
}

export interface JsonRpcErrorResponse {
  jsonrpc: "2.0";
  /** Absent (or null on the wire) when the peer could not parse the request. */
  id?: JsonRpcId;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** What a received value turned out to be. */
export type IncomingMessage =
  | { kind: "response"; message: JsonRpcResponse }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "invalid"; reason: string };

function isId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

const NOT_JSON = "not valid JSON";
const NOT_AN_OBJECT = "not a JSON object";
const NO_JSONRPC_MEMBER = 'missing jsonrpc: "2.0"';

/**
 * True for the reasons that say a line is no attempt at JSON-RPC at all (plain text, a JSON log
 * record), as opposed to a JSON-RPC message with a mistake in it: a stdio server that logs to
 * stdout produces the first kind, and is told once rather than once per line.
 */
export function isNotJsonRpc(reason: string): boolean {
  return reason === NOT_JSON || reason === NOT_AN_OBJECT || reason === NO_JSONRPC_MEMBER;
}

/**
 * Classifies a decoded JSON value. Never throws: anything that is not a well-formed JSON-RPC 2.0
 * message comes back as `{ kind: "invalid", reason }` for the caller to log or count.
 */
export function classifyMessage(value: unknown): IncomingMessage {
  if (!isJsonObject(value)) return { kind: "invalid", reason: NOT_AN_OBJECT };
  if (value.jsonrpc !== "2.0") return { kind: "invalid", reason: NO_JSONRPC_MEMBER };
  if (typeof value.method === "string") {
    if (value.params !== undefined && !isJsonObject(value.params)) {
      return { kind: "invalid", reason: "params is not an object" };
    }
    if ("id" in value && value.id !== undefined) {
      if (!isId(value.id))
        return { kind: "invalid", reason: "request id is not a string or number" };
      return { kind: "request", message: value as unknown as JsonRpcRequest };
    }
    return { kind: "notification", message: value as unknown as JsonRpcNotification };
  }
  if ("result" in value) {
    if (!isId(value.id))
      return { kind: "invalid", reason: "response id is not a string or number" };
    if (!isJsonObject(value.result)) return { kind: "invalid", reason: "result is not an object" };
    return { kind: "response", message: value as unknown as JsonRpcResultResponse };
  }
  if ("error" in value) {
    const error = value.error;
    if (!isJsonObject(error) || typeof error.code !== "number" || !Number.isInteger(error.code)) {
      return { kind: "invalid", reason: "error has no integer code" };
    }
    const message = typeof error.message === "string" ? error.message : "";
    const normalised: JsonRpcErrorResponse = {
      jsonrpc: "2.0",
      error: { code: error.code, message, ...("data" in error ? { data: error.data } : {}) },
    };
    if (isId(value.id)) normalised.id = value.id;
    else if (value.id !== null && value.id !== undefined) {
      return { kind: "invalid", reason: "response id is not a string or number" };
    }
    return { kind: "response", message: normalised };
  }
  return { kind: "invalid", reason: "neither a request, a notification nor a response" };
}

/** Parses one serialized message; invalid JSON is reported like any other invalid message. */
export function parseMessage(text: string): IncomingMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "invalid", reason: NOT_JSON };
  }
  return classifyMessage(value);
}

export function isErrorResponse(response: JsonRpcResponse): response is JsonRpcErrorResponse {
  return "error" in response;
}
