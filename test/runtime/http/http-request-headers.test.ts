import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import type { JsonRpcRequest } from "../../../runtime/protocol/jsonrpc.js";
import {
  mcpName,
  requestHeaders,
  resolveHttpTarget,
} from "../../../runtime/http/http-request-headers.js";
import { snippet } from "../../../runtime/http/http-snippet.js";

function inputError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isMcpError(error) && error.kind === "input") return error.message;
    throw error;
  }
  throw new Error("expected an input error");
}

describe("resolveHttpTarget", () => {
  it("splits origin and path, keeps the query on the wire, masks it in the endpoint", () => {
    const target = resolveHttpTarget(
      "https://example.com:8443/a/mcp?x=1&key=secret#frag",
      undefined,
    );
    expect(target).toMatchObject({
      origin: "https://example.com:8443",
      path: "/a/mcp?x=1&key=secret",
      endpoint: "https://example.com:8443/a/mcp?x=***&key=***",
    });
  });

  it("turns URL credentials into Basic auth and keeps them out of the endpoint", () => {
    const target = resolveHttpTarget(new URL("http://us%40er:p%3Ass@127.0.0.1:9/mcp"), {});
    expect(target.endpoint).toBe("http://127.0.0.1:9/mcp");
    expect(target.origin).toBe("http://127.0.0.1:9");
    expect(target.headers.authorization).toBe(
      `Basic ${Buffer.from("us@er:p:ss").toString("base64")}`,
    );
  });

  it("lets a caller's Authorization win over URL credentials", () => {
    const target = resolveHttpTarget("http://u:p@h/mcp", { Authorization: "Bearer t" });
    expect(target.headers.authorization).toBe("Bearer t");
  });

  it("lower-cases caller headers and keeps the protocol's constants", () => {
    const target = resolveHttpTarget("http://h/mcp", { "X-Api-Key": "k" });
    expect(target.headers).toEqual({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-api-key": "k",
    });
  });

  it.each([
    ["not a url", undefined, /not a valid URL/],
    ["ftp://h/mcp", undefined, /must be http: or https:/],
    ["http://h/mcp", { Accept: "text/html" }, /Accept is set by the transport/],
    ["http://h/mcp", { "MCP-Session-Id": "s" }, /set by the transport/],
    ["http://h/mcp", { "Mcp-Param-Region": "x" }, /set by the transport/],
    ["http://h/mcp", { "Bad Name": "x" }, /not a valid HTTP token/],
    ["http://h/mcp", { "X-Secret": "v\r\nInjected: 1" }, /X-Secret has a value with CR, LF/],
  ])("rejects %j with headers %j", (url, headers, message) => {
    const text = inputError(() => resolveHttpTarget(url, headers));
    expect(text).toMatch(message);
    expect(text).not.toContain("Injected");
  });
});

describe("requestHeaders", () => {
  const target = resolveHttpTarget("http://h/mcp", { "X-Caller": "c" });
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };
  const request = (method: string, params?: Record<string, unknown>): JsonRpcRequest =>
    params === undefined
      ? { jsonrpc: "2.0", id: 1, method }
      : { jsonrpc: "2.0", id: 1, method, params };

  it("mirrors the version, method and name", () => {
    expect(
      requestHeaders(
        target,
        request("tools/call", { name: "get_weather", _meta: meta }),
        undefined,
      ),
    ).toEqual({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-caller": "c",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "get_weather",
    });
  });

  it("omits the version without _meta and the name for other methods", () => {
    const headers = requestHeaders(target, request("tools/list"), undefined);
    expect(headers["mcp-protocol-version"]).toBeUndefined();
    expect(headers["mcp-name"]).toBeUndefined();
    expect(headers["mcp-method"]).toBe("tools/list");
  });

  it("lets exchange headers win, lower-cased, and drops session and resume headers", () => {
    const headers = requestHeaders(target, request("tools/call", { name: "t" }), {
      "Mcp-Param-Region": "eu",
      "X-Caller": "exchange",
      "Mcp-Session-Id": "s",
      "LAST-EVENT-ID": "9",
    });
    expect(headers["mcp-param-region"]).toBe("eu");
    expect(headers["x-caller"]).toBe("exchange");
    expect(headers).not.toHaveProperty("mcp-session-id");
    expect(headers).not.toHaveProperty("last-event-id");
  });

  it("does not change the target's constant headers", () => {
    requestHeaders(target, request("x"), { "X-Caller": "other" });
    expect(target.headers["x-caller"]).toBe("c");
  });
});

describe("mcpName", () => {
  it.each([
    ["tools/call", { name: "t" }, "t"],
    ["prompts/get", { name: "p" }, "p"],
    ["resources/read", { uri: "file:///x" }, "file:///x"],
    ["tasks/get", { taskId: "a" }, "a"],
    ["tasks/update", { taskId: "b" }, "b"],
    ["tasks/cancel", { taskId: "c" }, "c"],
    ["tools/call", { name: 5 }, undefined],
    ["tools/list", { name: "t" }, undefined],
    ["resources/read", undefined, undefined],
  ])("%s %j → %j", (method, params, want) => {
    expect(mcpName(method, params)).toBe(want);
  });
});

describe("snippet", () => {
  it.each([
    ["plain", "plain"],
    ["  a \n\t b  ", "a b"],
    ["\u001b[31mred\u001b[0m", "[31mred [0m"],
    ["bidi \u202eevil\u2069 text", "bidi evil text"],
    ["c1 \u009b x", "c1 x"],
    ["\n\n", ""],
  ])("%j → %j", (given, want) => {
    expect(snippet(given)).toBe(want);
  });

  it("cuts long text with an ellipsis", () => {
    expect(snippet("x".repeat(500), 10)).toBe(`${"x".repeat(10)}…`);
    expect(snippet(`${" ".repeat(100)}${"y".repeat(20)}`, 10)).toBe(`${"y".repeat(10)}…`);
  });
});
