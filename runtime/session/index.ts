/**
 * The request engine: ids, `_meta`, timeouts, cancellation, progress, response checks, when a
 * request may go again, pagination, the result cache and the client's list methods.
 */
export { LIST_METHODS } from "./client-lists.js";
export type { ListItems, ListMethod, ListOptions, PageOptions } from "./client-lists.js";
export { collectAllPages, readPage } from "./pagination.js";
export type { ListAllOptions, Page } from "./pagination.js";
export { DEFAULT_MAX_CACHE_ENTRIES, ResultCache, cachedRequest } from "./result-cache.js";
export type { CacheMode, ResultCacheOptions } from "./result-cache.js";
export type { SessionPort } from "./session-port.js";
export { DEFAULT_TIMEOUT_MS, Session } from "./session.js";
export type { RequestExtras } from "./session.js";
