/**
 * HTTP plumbing under the Streamable HTTP transports and OAuth: the `HttpIo` seam (fetch),
 * bodies, statuses and their errors, request headers, SSE parsing, `WWW-Authenticate`.
 */
export { abortableDelay } from "./abortable-delay.js";
export { createFetchIo } from "./fetch-io.js";
export type { FetchFunction } from "./fetch-io.js";
export { contentLength, drainBody, mediaType } from "./http-body.js";
export { httpError } from "./http-error.js";
export type {
  HttpIo,
  HttpIoBody,
  HttpIoBodySink,
  HttpIoMethod,
  HttpIoRequest,
  HttpIoResponse,
} from "./http-io.js";
export { networkError } from "./http-network-error.js";
export { copyHeaders, requestHeaders, resolveHttpTarget } from "./http-request-headers.js";
export type { HttpTarget } from "./http-request-headers.js";
export { SseStreamInterrupted, readJsonAnswer, readSseAnswer } from "./http-response.js";
export type { HttpResponseContext, SseResumeState } from "./http-response.js";
export { snippet } from "./http-snippet.js";
export { answerErrorStatus, unexpectedSuccess } from "./http-status.js";
export type { HttpAuthErrorData, HttpStatusErrorData } from "./http-status.js";
export { createSseReader } from "./sse-reader.js";
export { parseWwwAuthenticate } from "./www-authenticate.js";
