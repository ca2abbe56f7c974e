/**
 * `resolveSseEndpoint`: the HTTP+SSE transport POSTs (with the caller's credentials) wherever
 * the server's `endpoint` event points, so anything but the stream's own origin is refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveSseEndpoint } from "../../runtime/transports/http-sse-transport.js";

const STREAM = "http://127.0.0.1:8080/mcp/sse?x=1";

describe("resolveSseEndpoint", () => {
  it.each([
    ["/messages?sessionId=abc", "/messages?sessionId=abc"],
    ["messages", "/mcp/messages"],
    ["http://127.0.0.1:8080/m", "/m"],
    ["  /padded  ", "/padded"],
  ])("resolves %j on the stream's origin", (data, path) => {
    expect(resolveSseEndpoint(data, STREAM)).toEqual({
      url: `http://127.0.0.1:8080${path}`,
      origin: "http://127.0.0.1:8080",
      path,
    });
  });

  it.each([
    "//evil.example/messages",
    "\\\\evil.example/messages",
    "https://127.0.0.1:8080/m",
    "http://127.0.0.1:8081/m",
    "http://user@evil.example/m",
    "javascript:alert(1)",
    "data:text/plain,x",
    "http://[::1",
  ])("refuses %j", (data) => {
    expect(resolveSseEndpoint(data, STREAM)).toBeUndefined();
  });

  it("never resolves to another origin, whatever the server sends", () => {
    const prefix = fc.constantFrom(
      "",
      "/",
      "//",
      "\\\\",
      "http://",
      "https://",
      "http:",
      "./",
      "../",
    );
    const host = fc.constantFrom("127.0.0.1:8080", "127.0.0.1", "evil.example", "[::1]:8080", "");
    const data = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.tuple(prefix, host, fc.string()).map(([a, b, c]) => `${a}${b}${c}`),
    );
    fc.assert(
      fc.property(data, (value) => {
        const resolved = resolveSseEndpoint(value, STREAM);
        if (resolved === undefined) return;
        expect(resolved.origin).toBe("http://127.0.0.1:8080");
        expect(new URL(resolved.url).origin).toBe("http://127.0.0.1:8080");
        expect(resolved.path.startsWith("/")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
