/**
 * The requests a stdio transport is waiting on, matched to responses by JSON-RPC id. String and
 * number ids are distinct keys (`1` is not `"1"`), as JSON-RPC requires.
 *
 * Lean by design, because it sits on the hot path: a `Map` by id, one shared promise executor,
 * and each entry is its own abort listener (`handleEvent`), so a request allocates no closures.
 * Exchanges that offer an abort listener slot (`setAbortListener`, as the runtime's own do) are
 * watched through it, which allocates nothing; any other exchange through its `signal`.
 */
import type { JsonRpcId, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange } from "../transports/index.js";

/** Told when the signal of one of its requests aborts. */
export interface CancelHandler {
  cancelPending(entry: PendingRequest): void;
}

/** One request in flight; also its abort listener. */
export class PendingRequest {
  constructor(
    readonly owner: CancelHandler,
    readonly id: JsonRpcId,
    readonly exchange: RequestExchange,
    readonly resolve: (response: JsonRpcResponse) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  /** Called on abort (the EventListener object protocol, which the hook follows too). */
  handleEvent(): void {
    this.owner.cancelPending(this);
  }

  watch(): void {
    if (this.exchange.setAbortListener !== undefined) this.exchange.setAbortListener(this);
    else this.exchange.signal.addEventListener("abort", this);
  }

  unwatch(): void {
    if (this.exchange.setAbortListener !== undefined) this.exchange.setAbortListener(undefined);
    else this.exchange.signal.removeEventListener("abort", this);
  }
}

/** True when the exchange is already aborted; reads `signal` only when it has no `aborted`. */
export function isAborted(exchange: RequestExchange): boolean {
  return exchange.aborted ?? exchange.signal.aborted;
}

/** How many cancelled ids are remembered, so their late responses are ignored silently. */
const REMEMBERED_CANCELLATIONS = 1024;

// `new Promise(capture)` with one shared executor, so a request allocates no closure for it.
let capturedResolve: (response: JsonRpcResponse) => void = () => {};
let capturedReject: (error: unknown) => void = () => {};
function capture(
  resolve: (response: JsonRpcResponse) => void,
  reject: (error: unknown) => void,
): void {
  capturedResolve = resolve;
  capturedReject = reject;
}

export class PendingRequests {
  private readonly byId = new Map<JsonRpcId, PendingRequest>();
  private readonly cancelled = new Set<JsonRpcId>();

  has(id: JsonRpcId): boolean {
    return this.byId.has(id);
  }

  /**
   * Registers a request (the id must not be in flight) and returns the promise its response
   * settles. Listens for the exchange's abort, which the caller must have checked is not yet set.
   */
  add(owner: CancelHandler, id: JsonRpcId, exchange: RequestExchange): Promise<JsonRpcResponse> {
    const promise = new Promise<JsonRpcResponse>(capture);
    const entry = new PendingRequest(owner, id, exchange, capturedResolve, capturedReject);
    this.byId.set(id, entry);
    // A reused id is a new request: its response is no longer a late one.
    if (this.cancelled.size > 0) this.cancelled.delete(id);
    entry.watch();
    return promise;
  }

  /**
   * Resolves the request the response answers. Returns "late" for an answer to a request that
   * was cancelled (to be ignored) and "unknown" when no request has that id.
   */
  settle(id: JsonRpcId, response: JsonRpcResponse): "settled" | "late" | "unknown" {
    const entry = this.byId.get(id);
    if (entry === undefined) return this.cancelled.delete(id) ? "late" : "unknown";
    this.byId.delete(id);
    entry.unwatch();
    entry.resolve(response);
    return "settled";
  }

  /**
   * Forgets a request whose signal aborted and remembers its id as cancelled. False when it had
   * already been settled or rejected (nothing to cancel).
   */
  cancel(entry: PendingRequest): boolean {
    if (this.byId.get(entry.id) !== entry) return false;
    this.byId.delete(entry.id);
    entry.unwatch();
    if (this.cancelled.size >= REMEMBERED_CANCELLATIONS) {
      // Sets iterate in insertion order: forget the oldest.
      const oldest = this.cancelled.values().next();
      if (oldest.done !== true) this.cancelled.delete(oldest.value);
    }
    this.cancelled.add(entry.id);
    return true;
  }

  /** Rejects every request with the same error and forgets everything. */
  rejectAll(error: unknown): void {
    const entries = [...this.byId.values()];
    this.byId.clear();
    this.cancelled.clear();
    for (const entry of entries) {
      entry.unwatch();
      entry.reject(error);
    }
  }
}
