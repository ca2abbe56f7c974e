/**
 * Following `nextCursor` through every page of a list, within caps, treating cursors as opaque:
 * `""` is a valid cursor, only an absent or null `nextCursor` ends the list.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import { jsonSize } from "../basics/index.js";
import type { Result } from "../protocol/index.js";

export interface ListAllOptions {
  /** Most pages to fetch before failing (default 1,000). */
  maxPages?: number;
  /** Most items to collect before failing (default 100,000). */
  maxItems?: number;
  /**
   * Most characters of JSON the items of all pages may take together before failing (default:
   * no limit beyond the transport's per-message one). A server can send pages of any size, each
   * under the transport's cap; this bounds what a list may hold in memory in total.
   */
  maxBytes?: number;
}

/** Longest cursor accepted from a server; a longer one is treated as hostile. */
export const MAX_CURSOR_LENGTH = 16 * 1024;

export interface Page<Item> {
  items: Item[];
  /** Present when another page follows; may be the empty string. */
  nextCursor?: string;
  result: Result;
}

/** Extracts one page's items and cursor, rejecting shapes the protocol does not allow. */
export function readPage<Item>(result: Result, key: string, context: ErrorContext): Page<Item> {
  const items = result[key];
  if (!Array.isArray(items)) {
    throw protocolError(context, `result has no "${key}" array`, result);
  }
  const page: Page<Item> = { items: items as Item[], result };
  const next = result.nextCursor;
  if (next === undefined || next === null) return page;
  if (typeof next !== "string") throw protocolError(context, "nextCursor is not a string", result);
  if (next.length > MAX_CURSOR_LENGTH) {
    throw protocolError(
      context,
      `nextCursor is longer than ${MAX_CURSOR_LENGTH} characters`,
      undefined,
    );
  }
  page.nextCursor = next;
  return page;
}

/** Fetches every page through `fetchPage`, failing on a repeated cursor or past the caps. */
export async function collectAllPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<Page<Item>>,
  options: ListAllOptions,
  context: ErrorContext,
): Promise<Item[]> {
  const maxPages = options.maxPages ?? 1_000;
  const maxItems = options.maxItems ?? 100_000;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  const all: Item[] = [];
  let bytes = 0;
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(cursor);
    bytes += jsonSize(page.items, maxBytes - bytes);
    if (bytes > maxBytes) {
      throw protocolError(
        context,
        `items larger than ${maxBytes} characters of JSON; raise maxBytes if this is expected`,
        { maxBytes },
      );
    }
    for (const item of page.items) all.push(item);
    if (all.length > maxItems) {
      throw protocolError(
        context,
        `more than ${maxItems} items; raise maxItems if this is expected`,
      );
    }
    if (page.nextCursor === undefined) return all;
    if (seen.has(page.nextCursor)) {
      throw protocolError(context, "server repeated a cursor; its pagination loops");
    }
    if (pages >= maxPages) {
      throw protocolError(
        context,
        `more than ${maxPages} pages; raise maxPages if this is expected`,
      );
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

function protocolError(context: ErrorContext, message: string, data?: unknown): McpError {
  return new McpError({
    ...context,
    kind: "protocol",
    data,
    message: `${describeContext(context)}${message}`,
  });
}
