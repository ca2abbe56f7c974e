/**
 * The response to a request an initialize-era server sent over HTTP: what `onRequest` resolves
 * with, or -32601 when nothing handles requests. Shared by the legacy Streamable HTTP session
 * and the HTTP+SSE transport, which both POST it back.
 */
import type { JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import { ErrorCode } from "../protocol/index.js";
import type { Transport } from "./transport.js";
import { snippet } from "../http/index.js";

/** Never rejects: a handler that throws (against its contract) becomes -32603. */
export async function answerServerRequest(
  handler: Transport["onRequest"],
  request: JsonRpcRequest,
): Promise<JsonRpcResponse> {
  if (handler === undefined) {
    const message = `Method not found: ${request.method}`;
    return { jsonrpc: "2.0", id: request.id, error: { code: ErrorCode.MethodNotFound, message } };
  }
  try {
    return await handler(request);
  } catch (error) {
    // The server is waiting for an answer; it must get one whatever went wrong here.
    const message = snippet(String(error));
    return { jsonrpc: "2.0", id: request.id, error: { code: ErrorCode.InternalError, message } };
  }
}
