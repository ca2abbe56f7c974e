import { describe, expect, it } from "vitest";
import { createSseReader } from "../../../runtime/http/sse-reader.js";

interface Seen {
  data: string[];
  ignored: string[];
  overflows: number;
  ids: string[];
  retries: number[];
}

function reader(maxEventChars = 1 << 20): {
  push(bytes: Uint8Array): void;
  end(): void;
  stop(): void;
  seen: Seen;
} {
  const seen: Seen = { data: [], ignored: [], overflows: 0, ids: [], retries: [] };
  const sse = createSseReader({
    maxEventChars,
    onEventId: (id) => seen.ids.push(id),
    onRetry: (ms) => seen.retries.push(ms),
    onData: (data) => seen.data.push(data),
    onIgnored: (detail) => seen.ignored.push(detail),
    onOverflow: () => seen.overflows++,
  });
  return { push: (bytes) => sse.push(bytes), end: () => sse.end(), stop: () => sse.stop(), seen };
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

// Every feature a server may use on one stream: BOM, comments, keep-alives, id/retry, event
// names, multi-line data, empty data lines, LF, CRLF and bare CR endings, multi-byte UTF-8.
const SAMPLE =
  "\uFEFF: hello\n" +
  ":\n" +
  'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n' +
  "id: 7\r\nretry: 1000\r\nevent: message\r\n" +
  'data: {"jsonrpc":"2.0",\r\ndata:  "method":"a"}\r\n\r\n' +
  "event: ping\ndata: {}\n\n" +
  "data:\n\n" +
  "id: only-an-id\n\n" +
  "id: priming\nretry: 20\ndata: \n\n" +
  'data: {"text":"h\u00e9llo w\u00f6rld \u4e16\u754c \ud83d\ude00",\rdata:\rdata: "n":1}\r\r' +
  'data:{"jsonrpc":"2.0","id":1,"result":{}}\n\n' +
  "data: incomplete event at the end\n";

const WANT = [
  '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}',
  '{"jsonrpc":"2.0",\n "method":"a"}',
  '{"text":"h\u00e9llo w\u00f6rld \u4e16\u754c \ud83d\ude00",\n\n"n":1}',
  '{"jsonrpc":"2.0","id":1,"result":{}}',
];

describe("createSseReader", () => {
  it("reads the sample in one chunk", () => {
    const r = reader();
    r.push(bytes(SAMPLE));
    r.end();
    expect(r.seen.data).toEqual(WANT);
    expect(r.seen.ignored).toEqual(['ignored an SSE event named "ping"']);
    // An id without data dispatches no event (eventsource-parser); a priming event does.
    expect(r.seen.ids).toEqual(["7", "priming"]);
    expect(r.seen.retries).toEqual([1000, 20]);
  });

  it("reports a priming event's id before the data of the events after it", () => {
    const order: string[] = [];
    const sse = createSseReader({
      maxEventChars: 1000,
      onEventId: (id) => order.push(`id ${id}`),
      onData: (data) => order.push(`data ${data}`),
      onIgnored: () => undefined,
      onOverflow: () => undefined,
    });
    sse.push(bytes("id: 1\ndata:\n\nid: 2\ndata: {}\n\n"));
    expect(order).toEqual(["id 1", "id 2", "data {}"]);
  });

  it("gives the same events for every 2-way split of the bytes", () => {
    const all = bytes(SAMPLE);
    for (let cut = 0; cut <= all.length; cut++) {
      const r = reader();
      r.push(all.subarray(0, cut));
      r.push(all.subarray(cut));
      r.end();
      expect(r.seen.data, `split at byte ${cut}`).toEqual(WANT);
      expect(r.seen.ids, `split at byte ${cut}`).toEqual(["7", "priming"]);
    }
  });

  it("gives the same events fed one byte at a time", () => {
    const r = reader();
    for (const byte of bytes(SAMPLE)) r.push(Uint8Array.of(byte));
    r.end();
    expect(r.seen.data).toEqual(WANT);
  });

  it("reports an unknown field and keeps going", () => {
    const r = reader();
    r.push(bytes('bogus: 1\ndata: {"a":1}\n\n'));
    expect(r.seen.data).toEqual(['{"a":1}']);
    expect(r.seen.ignored).toEqual(['ignored an SSE line with the unknown field "bogus"']);
  });

  it("overflows once on an event larger than the cap and then ignores input", () => {
    const r = reader(100);
    r.push(bytes(`data: ${"x".repeat(60)}\n`));
    r.push(bytes(`data: ${"y".repeat(60)}\n`));
    r.push(bytes('\ndata: {"after":1}\n\n'));
    r.end();
    expect(r.seen.overflows).toBe(1);
    expect(r.seen.data).toEqual([]);
  });

  it("overflows on a complete event larger than the cap that arrives in one chunk", () => {
    const r = reader(100);
    r.push(bytes(`data: ${"x".repeat(101)}\n\ndata: {"after":1}\n\n`));
    expect(r.seen.overflows).toBe(1);
    expect(r.seen.data).toEqual([]);
  });

  it("counts only the current event against the cap", () => {
    const r = reader(100);
    for (let i = 0; i < 50; i++) r.push(bytes(`data: ${"z".repeat(50)}\n\n`));
    expect(r.seen.overflows).toBe(0);
    expect(r.seen.data).toHaveLength(50);
  });

  it("delivers nothing after stop(), even from the same chunk", () => {
    const seen: string[] = [];
    const sse = createSseReader({
      maxEventChars: 1000,
      onData(data) {
        seen.push(data);
        sse.stop();
      },
      onIgnored: () => undefined,
      onOverflow: () => undefined,
    });
    sse.push(bytes("data: 1\n\ndata: 2\n\n"));
    sse.push(bytes("data: 3\n\n"));
    expect(seen).toEqual(["1"]);
  });
});
