/**
 * The `Transport` interface and the transports that run on every platform: Streamable HTTP over
 * fetch, the legacy HTTP+SSE transport, in-process; the targets `connect()` opens and the
 * platform slot the Node entry fills (stdio lives in node/).
 */
export type {
  HttpTarget,
  InProcessTarget,
  PrestartedServer,
  StdioTarget,
} from "./connect-targets.js";
export { createFetchHttpSseTransport, createFetchHttpTransport } from "./fetch-transport.js";
export type {
  FetchFunction,
  FetchHttpSseTransportOptions,
  FetchHttpTransportOptions,
} from "./fetch-transport.js";
export { createLegacySseTransport } from "./http-sse-transport.js";
export type { HttpSseOptions } from "./http-sse-transport.js";
export { createInProcessTransport } from "./in-process.js";
export type { InProcessContext, InProcessHandler } from "./in-process.js";
export { installPlatformTransports, platformTransports } from "./platform.js";
export { stdioUnavailable } from "./stdio-unavailable.js";
export { DEFAULT_MAX_RESPONSE_BYTES, createStreamableHttpTransport } from "./streamable-http.js";
export type { StreamableHttpOptions } from "./streamable-http.js";
export type {
  AbortListener,
  RequestExchange,
  Transport,
  TransportDiagnostic,
} from "./transport.js";
