/**
 * The client's cache of cacheable results (`server/discover`, every list page, `resources/read`),
 * kept as long as the server's `ttlMs` says (MCP 2026-07-28, "Caching"). Only these methods
 * go through it: `tools/call` and the rest never touch it.
 */
import { isMcpError } from "../protocol/index.js";
import type { CacheMode, RequestOptions } from "../protocol/index.js";
import type { Result } from "../protocol/index.js";

export type { CacheMode } from "../protocol/index.js";

/** The default cap on cached results (see `ResultCacheOptions.maxEntries`). */
export const DEFAULT_MAX_CACHE_ENTRIES = 500;

export interface ResultCacheOptions {
  /**
   * The most results kept (default 500). Past it the least recently used is dropped. Each page of
   * a list and each `resources/read` URI is one entry; `0` turns caching off.
   */
  maxEntries?: number;
  /** The clock, in milliseconds (default `Date.now`); tests inject their own. */
  now?: () => number;
}

/** The methods whose results carry `ttlMs`/`cacheScope`, and the lists each notification invalidates. */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  // The skills extension's two reads carry ttlMs/cacheScope like resources/read (SEP-2640).
  "skills/list",
  "skills/get",
]);

interface Entry {
  method: string;
  /** `resources/read`'s URI, for `notifications/resources/updated`. */
  uri: string | undefined;
  result: Result;
  expires: number;
}

interface InFlight {
  promise: Promise<Result>;
}

/**
 * Results by key. A key is the method, the params that select the result (`cursor`, `uri`), the
 * protocol version and the caller's `_meta`; a `private` result's key also holds the
 * authorization context, so it is never served to another one.
 *
 * The authorization context is an opaque id, not the credentials: it starts as the identity the
 * client was created with (its transport, URL and headers), and
 * `changeAuthorization()` — what `McpClient.setAuth` calls — moves to a new one, dropping every
 * private result of the old. Public results stay: by definition they hold no user data.
 *
 * Results are copied in and out (`structuredClone`), so a caller mutating what it got cannot
 * change what the next caller gets.
 */
export class ResultCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, InFlight>();
  /** Bumped per method by invalidation: a fetch that began before it must not store its answer. */
  readonly #epochs = new Map<string, number>();
  readonly #max: number;
  readonly #now: () => number;
  #authContext = 1;

  constructor(options: ResultCacheOptions = {}) {
    const max = options.maxEntries ?? DEFAULT_MAX_CACHE_ENTRIES;
    this.#max = Number.isSafeInteger(max) && max > 0 ? max : 0;
    this.#now = options.now ?? Date.now;
  }

  /** How many results are stored (fresh or not yet evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The result for `method` with `keyParams`, from the cache or from `send()` per `mode`.
   * `send` performs the request; a result whose `resultType` is `input_required`, whose `ttlMs`
   * is absent, zero or negative, or that arrives after an invalidation of its method, is
   * returned but not stored. Concurrent `use` callers of one key share one request; if that
   * request was cancelled by its own caller, the others send their own.
   */
  async get(
    method: string,
    keyParams: Record<string, unknown> | undefined,
    discriminator: unknown,
    mode: CacheMode,
    send: () => Promise<Result>,
  ): Promise<Result> {
    if (mode === "bypass" || this.#max === 0) return send();
    const key = JSON.stringify([method, keyParams ?? null, discriminator ?? null]);
    if (mode === "use") {
      const hit = this.#lookup(key);
      if (hit !== undefined) return structuredClone(hit.result);
      const shared = this.#inFlight.get(key);
      if (shared !== undefined) {
        try {
          return structuredClone(await shared.promise);
        } catch (error) {
          // The caller that sent it gave up; that is no answer for this one.
          if (!isMcpError(error) || error.kind !== "cancelled") throw error;
          return this.get(method, keyParams, discriminator, mode, send);
        }
      }
    }
    const epoch = this.#epochs.get(method) ?? 0;
    const uri = typeof keyParams?.uri === "string" ? keyParams.uri : undefined;
    const flight: InFlight = {
      promise: send().then((result) => {
        if ((this.#epochs.get(method) ?? 0) === epoch) this.#store(key, method, uri, result);
        return result;
      }),
    };
    this.#inFlight.set(key, flight);
    try {
      return await flight.promise;
    } finally {
      if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
    }
  }

  /**
   * Drops every result of `method` (or, with `uri`, the `resources/read` of that URI and of any
   * cached URI it is a sub-resource of), and makes requests in flight for them not store their
   * answers: a notification said the data changed.
   */
  invalidate(method: string, uri?: string): void {
    this.#epochs.set(method, (this.#epochs.get(method) ?? 0) + 1);
    for (const [key, entry] of this.#entries) {
      if (entry.method !== method) continue;
      if (uri !== undefined && !isSameOrParent(entry.uri, uri)) continue;
      this.#entries.delete(key);
    }
    // Later callers must not join a request that may carry the old data.
    for (const key of this.#inFlight.keys()) {
      if (key.startsWith(`[${JSON.stringify(method)},`)) this.#inFlight.delete(key);
    }
  }

  /** Moves to a new authorization context: private results of the old one are dropped. */
  changeAuthorization(): void {
    this.#authContext++;
    for (const key of this.#entries.keys()) {
      if (key.includes("\u0000private#")) this.#entries.delete(key);
    }
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
    this.#inFlight.clear();
    for (const method of CACHEABLE_METHODS)
      this.#epochs.set(method, (this.#epochs.get(method) ?? 0) + 1);
  }

  #privateKey(key: string): string {
    return `${key}\u0000private#${this.#authContext}`;
  }

  #lookup(key: string): Entry | undefined {
    const now = this.#now();
    for (const candidate of [this.#privateKey(key), key]) {
      const entry = this.#entries.get(candidate);
      if (entry === undefined) continue;
      if (now >= entry.expires) {
        this.#entries.delete(candidate);
        continue;
      }
      // Least recently used goes first: a hit moves to the end.
      this.#entries.delete(candidate);
      this.#entries.set(candidate, entry);
      return entry;
    }
    return undefined;
  }

  #store(key: string, method: string, uri: string | undefined, result: Result): void {
    // A result without `resultType` is complete (older servers); `input_required` never caches.
    if (result.resultType !== undefined && result.resultType !== "complete") return;
    const ttl = typeof result.ttlMs === "number" && result.ttlMs > 0 ? result.ttlMs : 0;
    // No scope is defined for a result without one: the safe reading is "private".
    const stored = result.cacheScope === "public" ? key : this.#privateKey(key);
    this.#entries.delete(key);
    this.#entries.delete(this.#privateKey(key));
    if (ttl === 0 || !Number.isFinite(ttl)) return;
    this.#entries.set(stored, {
      method,
      uri,
      result: structuredClone(result),
      expires: this.#now() + ttl,
    });
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
  }
}

/** True when `cached` is `updated` or a URI `updated` lies under (a sub-resource of it). */
function isSameOrParent(cached: string | undefined, updated: string): boolean {
  if (cached === undefined) return false;
  if (cached === updated) return true;
  const base = cached.endsWith("/") ? cached : `${cached}/`;
  return updated.startsWith(base);
}

/**
 * One cacheable request through `cache`. The key holds the method, the params, the protocol
 * version and the caller's `_meta`. A request carrying `inputResponses` or `requestState` (an
 * MRTR retry) answers inputs that are not part of the key, so it bypasses the cache (spec MUST
 * NOT cache it); only the first request of a multi round-trip exchange may be stored, and only
 * if its answer is complete. A failed page request (e.g. an expired cursor) drops every cached
 * page of that list, as the spec asks.
 */
export async function cachedRequest(
  cache: ResultCache,
  protocolVersion: string,
  method: string,
  params: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
  send: () => Promise<Result>,
): Promise<Result> {
  const discriminator = [protocolVersion, options?.meta ?? null];
  const retry = params?.inputResponses !== undefined || params?.requestState !== undefined;
  const mode = retry ? "bypass" : (options?.cache ?? "use");
  try {
    return await cache.get(method, params, discriminator, mode, send);
  } catch (error) {
    if (params?.cursor !== undefined && isMcpError(error) && error.kind === "protocol") {
      cache.invalidate(method);
    }
    throw error;
  }
}
