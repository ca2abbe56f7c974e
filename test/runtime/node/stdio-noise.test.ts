/**
 * A stdio server that logs to stdout: the transport says so once per connection, with a count,
 * instead of once per line (a chatty server would otherwise drown the real diagnostics).
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createStdioTransport } from "../../../runtime/node/stdio.js";
import type { StdioTransport } from "../../../runtime/node/stdio.js";
import type { JsonRpcResponse } from "../../../runtime/protocol/jsonrpc.js";
import type { TransportDiagnostic } from "../../../runtime/transports/transport.js";

const ECHO = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/echo-server.mjs", import.meta.url),
);

const open: StdioTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((transport) => transport.close()));
});

async function start(): Promise<{ transport: StdioTransport; noise: TransportDiagnostic[] }> {
  const transport = await createStdioTransport({
    command: process.execPath,
    args: [ECHO],
    stderr: "pipe",
  });
  open.push(transport);
  const noise: TransportDiagnostic[] = [];
  transport.onDiagnostic = (diagnostic) => {
    if (diagnostic.kind === "stdout-noise") noise.push(diagnostic);
  };
  return { transport, noise };
}

function print(transport: StdioTransport, id: number, text: string): Promise<JsonRpcResponse> {
  const message = { jsonrpc: "2.0" as const, id, method: "print", params: { text } };
  return transport.request(message, {
    signal: new AbortController().signal,
    onNotification: () => {},
  });
}

describe("stdio transport: a server that logs to stdout", () => {
  it("reports the first line at once and the total when the connection closes", async () => {
    const { transport, noise } = await start();
    const logs = "Listening on port 3000\n[info] ready\n" + JSON.stringify({ level: 30 }) + "\n";
    expect(await print(transport, 1, logs)).toMatchObject({ result: { printed: true } });
    expect(noise).toHaveLength(1);
    expect(noise[0]).toMatchObject({ count: 1, sample: "Listening on port 3000" });
    expect(noise[0]?.detail).toContain('not JSON-RPC ("Listening on port 3000")');
    expect(noise[0]?.detail).toContain("servers must log to stderr");
    // More junk is counted, not reported: nothing per line.
    await print(transport, 2, "more\nand more\n");
    expect(noise).toHaveLength(1);
    await transport.close();
    expect(noise).toHaveLength(2);
    expect(noise[1]).toMatchObject({ count: 5, sample: "Listening on port 3000" });
    expect(noise[1]?.detail).toContain(
      'wrote 5 lines to stdout that are not JSON-RPC (first: "Listening on port 3000"); servers must log to stderr',
    );
  });

  it("reports a single line once, with no second report on close", async () => {
    const { transport, noise } = await start();
    await print(transport, 1, "hello from the server\n");
    await transport.close();
    expect(noise.map((d) => d.count)).toEqual([1]);
  });

  it("still reports malformed JSON-RPC one message at a time, as invalid-message", async () => {
    const { transport } = await start();
    const seen: TransportDiagnostic[] = [];
    transport.onDiagnostic = (diagnostic) => seen.push(diagnostic);
    await print(transport, 1, JSON.stringify({ jsonrpc: "2.0", id: 5, result: 3 }) + "\n");
    expect(seen.map((d) => d.kind)).toEqual(["invalid-message"]);
  });

  it("counts every line that is not JSON-RPC, whatever it holds (property)", async () => {
    // Text lines, JSON that is not an object, and JSON objects without `jsonrpc: "2.0"`.
    const junkLine = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/[\r\n]/.test(text)),
      fc.json().filter((text) => !text.includes('"jsonrpc"')),
      fc.dictionary(fc.string(), fc.string()).map((record) => JSON.stringify(record)),
    );
    const realLine = (text: string) => text.trim() !== "" && !text.includes('"jsonrpc"');
    await fc.assert(
      fc.asyncProperty(
        fc.array(junkLine.filter(realLine), { minLength: 1, maxLength: 8 }),
        async (lines) => {
          const { transport, noise } = await start();
          await print(transport, 1, lines.map((line) => `${line}\n`).join(""));
          await transport.close();
          open.splice(0);
          expect(noise.length).toBe(lines.length === 1 ? 1 : 2);
          expect(noise.at(-1)?.count).toBe(lines.length);
          expect(noise[0]?.sample).toBe(
            lines[0]!.slice(0, 200) + (lines[0]!.length > 200 ? "…" : ""),
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("stdio transport: a command that echoes its input", () => {
  it("does not answer its own request sent back, and says so once", async () => {
    const transport = await createStdioTransport({ command: "cat", stderr: "pipe" });
    open.push(transport);
    const seen: TransportDiagnostic[] = [];
    transport.onDiagnostic = (diagnostic) => seen.push(diagnostic);
    const controller = new AbortController();
    const exchange = { signal: controller.signal, onNotification: () => {} };
    const pending = [1, 2].map((id) =>
      transport
        .request({ jsonrpc: "2.0", id, method: "tools/list", params: {} }, exchange)
        .catch((error: unknown) => error),
    );
    // `cat` sends lines back in order: once our notification returns, so have both requests.
    const echoed = new Promise<void>((resolve) => {
      transport.onNotification = () => resolve();
    });
    await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
    await echoed;
    // Had the echoes been answered, `cat` would have echoed the answers as responses: settled.
    controller.abort(new Error("test over"));
    const settled = await Promise.all(pending);
    for (const outcome of settled) expect(outcome).toMatchObject({ kind: "cancelled" });
    const echoes = seen.filter((d) => d.detail.includes("sent back our own tools/list request"));
    expect(echoes).toHaveLength(1);
    expect(echoes[0]?.kind).toBe("invalid-message");
  });
});
