/**
 * A transport that hands requests to a function in the same process: no serialisation, no
 * sockets. For tests and for embedding a server in the application that calls it.
 */
import { localError } from "../protocol/index.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange, Transport, TransportDiagnostic } from "./transport.js";

/** What an in-process handler may use while answering one request. */
export interface InProcessContext {
  /** Aborted when the client cancels the request or it times out. */
  signal: AbortSignal;
  /** Sends a notification tied to this request (progress, log messages). */
  notify(notification: JsonRpcNotification): void;
}

/**
 * Answers one request (with a response object) or takes one notification (return nothing).
 * Objects are passed by reference: the handler must not keep or mutate them.
 */
export type InProcessHandler = (
  message: JsonRpcRequest | JsonRpcNotification,
  context: InProcessContext,
) => Promise<JsonRpcResponse | void> | JsonRpcResponse | void;

/** Creates a transport over an in-process handler. */
export function createInProcessTransport(
  handler: InProcessHandler,
  endpoint = "in-process",
): Transport {
  let closed = false;
  const inFlight = new Set<(error: unknown) => void>();
  const transport: Transport = {
    endpoint,
    onNotification: undefined,
    onDiagnostic: undefined as ((diagnostic: TransportDiagnostic) => void) | undefined,
    async request(message: JsonRpcRequest, exchange: RequestExchange): Promise<JsonRpcResponse> {
      if (closed) throw localError("transport", "connection closed", { target: endpoint });
      exchange.signal.throwIfAborted();
      return new Promise<JsonRpcResponse>((resolve, reject) => {
        const fail = (error: unknown): void => {
          inFlight.delete(fail);
          reject(error);
        };
        inFlight.add(fail);
        const onAbort = (): void => fail(exchange.signal.reason);
        exchange.signal.addEventListener("abort", onAbort, { once: true });
        const context: InProcessContext = {
          signal: exchange.signal,
          notify: (notification) => exchange.onNotification(notification),
        };
        Promise.resolve()
          .then(() => handler(message, context))
          .then(
            (response) => {
              exchange.signal.removeEventListener("abort", onAbort);
              inFlight.delete(fail);
              if (response === undefined) {
                reject(
                  localError("transport", "the in-process handler returned no response", {
                    target: endpoint,
                  }),
                );
              } else resolve(response);
            },
            (error: unknown) => {
              exchange.signal.removeEventListener("abort", onAbort);
              fail(
                localError(
                  "transport",
                  `the in-process handler threw: ${String(error)}`,
                  { target: endpoint },
                  error,
                ),
              );
            },
          );
      });
    },
    async notify(message: JsonRpcNotification): Promise<void> {
      if (closed) throw localError("transport", "connection closed", { target: endpoint });
      await handler(message, { signal: new AbortController().signal, notify: () => undefined });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const error = localError("transport", "connection closed", { target: endpoint });
      for (const fail of [...inFlight]) fail(error);
    },
  };
  return transport;
}
