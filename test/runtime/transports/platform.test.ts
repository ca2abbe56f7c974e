/**
 * Which transports `connect()` uses depends on the entry point the export conditions picked:
 * the web build (runtime/index.ts) has no child processes and sends HTTP with fetch; the Node
 * entry installs stdio and undici. This file imports only the web build (vitest isolates test
 * files, so no other file's Node entry is loaded here).
 */
import { describe, expect, it } from "vitest";
import { connect, isMcpError } from "../../../runtime/index.js";
import { startDemoHttp } from "../../../examples/demo-server/http.js";

describe("the web build of connect()", () => {
  it("refuses a stdio target with one error that says where stdio works and what to use", async () => {
    const error = await connect({ command: process.execPath, args: ["-e", ""] }).catch(
      (caught: unknown) => caught,
    );
    expect(isMcpError(error)).toBe(true);
    if (!isMcpError(error)) return;
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("Node.js, Bun or Deno");
    expect(error.message).toContain("connect({ url");
  });

  it("sends HTTP through fetch, the one the target gives", async () => {
    const server = await startDemoHttp();
    const seen: string[] = [];
    try {
      const client = await connect({
        url: server.url,
        fetch: (url, init) => {
          seen.push(String(init.method));
          return fetch(url, init);
        },
      });
      const result = await client.callTool<{ converted: number }>("convert_currency", {
        amount: 1,
        from: "EUR",
        to: "EUR",
      });
      expect(result.structuredContent?.converted).toBe(1);
      await client.close();
    } finally {
      await server.close();
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(["POST"]));
  });
});
