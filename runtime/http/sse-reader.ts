/**
 * Server-Sent Events, from raw bytes to the `data` of each event, for MCP response streams.
 * eventsource-parser does the line grammar; this adds UTF-8 decoding across chunk boundaries,
 * the per-event size cap and MCP's event rules. Nothing here is Node-specific.
 */
import { createParser } from "eventsource-parser";
import type { EventSourceMessage, ParseError } from "eventsource-parser";

/** Callbacks and the size cap of one `createSseReader`. */
export interface SseReaderOptions {
  /** Receives the data of each `message` event (multi-line data joined with `\n`). */
  onData(data: string): void;
  /** Told about events that are skipped: other event names, unknown fields. */
  onIgnored(detail: string): void;
  /**
   * Called once when a single event (or an unterminated line) grows past `maxEventChars`;
   * the reader then ignores everything else it is fed.
   */
  onOverflow(): void;
  /** The most text one event may buffer, in UTF-16 code units of decoded text. */
  maxEventChars: number;
  /**
   * Resumable streams (initialize era): told the `id` of each dispatched event, priming events
   * (an `id` with empty data) included, before its data is delivered.
   */
  onEventId?: ((id: string) => void) | undefined;
  /** Resumable streams: told each valid `retry:` value, in milliseconds. */
  onRetry?: ((ms: number) => void) | undefined;
  /**
   * Receives events with a name other than `message` (the HTTP+SSE transport's `endpoint`)
   * instead of `onIgnored`.
   */
  onNamedEvent?: ((name: string, data: string) => void) | undefined;
}

/** A push-style reader for one SSE stream. */
export interface SseReader {
  /** Feeds the next bytes of the stream; any split is fine, even inside a UTF-8 sequence. */
  push(chunk: Uint8Array): void;
  /** The stream ended: flushes the decoder. An event without its closing blank line is dropped, as SSE requires. */
  end(): void;
  /** Stops delivering: events still buffered or fed later are dropped (the answer has come). */
  stop(): void;
}

/**
 * Creates a reader for one SSE stream.
 *
 * Events named `message` or without a name are delivered; others go to `onIgnored`. Events with
 * empty data ("priming" events, bare `data:`) are not delivered, like comments (keep-alives).
 * `id:` and `retry:` go to `onEventId` and `onRetry` when given (2026-07-28 streams are not
 * resumable, so its transport gives neither). LF, CR and CRLF line endings are all accepted; a
 * leading byte-order mark is skipped.
 */
export function createSseReader(options: SseReaderOptions): SseReader {
  const decoder = new TextDecoder("utf-8");
  let stopped = false;
  const parser = createParser({
    maxBufferSize: options.maxEventChars,
    onEvent(event: EventSourceMessage) {
      if (stopped) return;
      if (event.id !== undefined) options.onEventId?.(event.id);
      if (event.data === "") return;
      // The parser caps what it buffers between chunks; an event that arrived whole in one
      // chunk skips that check, so the cap is applied to the finished event as well.
      if (event.data.length > options.maxEventChars) {
        stopped = true;
        options.onOverflow();
        return;
      }
      if (event.event === undefined || event.event === "message") options.onData(event.data);
      else if (options.onNamedEvent !== undefined) options.onNamedEvent(event.event, event.data);
      else options.onIgnored(`ignored an SSE event named ${JSON.stringify(event.event)}`);
    },
    onError(error: ParseError) {
      if (stopped) return;
      if (error.type === "max-buffer-size-exceeded") {
        stopped = true;
        options.onOverflow();
      } else if (error.type === "unknown-field") {
        options.onIgnored(
          `ignored an SSE line with the unknown field ${JSON.stringify(error.field)}`,
        );
      }
      // invalid-retry: the reconnection delay stays what it was, as in EventSource.
    },
    onRetry(ms: number) {
      if (!stopped) options.onRetry?.(ms);
    },
  });
  return {
    push(chunk) {
      if (stopped) return;
      const text = decoder.decode(chunk, { stream: true });
      if (text !== "") parser.feed(text);
    },
    end() {
      if (stopped) return;
      const rest = decoder.decode();
      if (rest !== "") parser.feed(rest);
      stopped = true;
    },
    stop() {
      stopped = true;
    },
  };
}
