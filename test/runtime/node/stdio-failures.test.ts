/** The stdio transport when its server fails (dies, closes a pipe, floods) and when it closes. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  call,
  ECHO,
  failure,
  isAlive,
  kinds,
  result,
  STUBBORN,
  useStdioHarness,
} from "./stdio-harness.js";

const harness = useStdioHarness();
const start = harness.start.bind(harness);

describe("createStdioTransport: a failing server", () => {
  it("fails every pending request at once when the child dies, quoting stderr", async () => {
    const { transport, diagnostics } = await start();
    const pending = [1, 2, 3].map((id) => failure(call(transport, id, "hang")));
    pending.push(
      failure(call(transport, 4, "crash", { code: 3, stderr: "fatal: disk on fire\n" })),
    );
    const errors = await Promise.all(pending);
    expect(new Set(errors).size).toBe(1); // one failure, delivered to all at once
    for (const error of errors) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("exited with code 3");
      expect(error.message).toContain("fatal: disk on fire");
    }
    const later = await failure(call(transport, 5, "echo"));
    expect(later.kind).toBe("transport");
    expect(later.message).toContain("exited with code 3");
    await transport.close();
    expect(diagnostics.filter((d) => d.kind === "closed")).toHaveLength(1);
    expect(diagnostics.some((d) => d.kind === "stderr" && d.detail.includes("disk on fire"))).toBe(
      true,
    );
  });

  it("hands stderr to a callback and still quotes it", async () => {
    const seen: string[] = [];
    const { transport } = await start([ECHO], { stderr: (text) => seen.push(text) });
    const error = await failure(call(transport, 1, "crash", { code: 2, stderr: "ünïcode boom" }));
    expect(seen.join("")).toBe("ünïcode boom");
    expect(error.message).toContain("ünïcode boom");
  });

  // The server stops one of its pipes on request; the next call fails, naming which: one it
  // would never answer once stdout is gone, one it would answer but cannot be sent.
  const brokenPipes = [
    { what: "closes stdout", method: "close-stdout", next: "hang", message: "closed its stdout" },
    {
      what: "stops reading stdin (EPIPE)",
      method: "close-stdin",
      next: "echo",
      message: "stopped reading its stdin (EPIPE)",
    },
  ];
  it.each(brokenPipes)(
    "fails pending requests when the server $what, then stops the process",
    async ({ method, next, message }) => {
      const { transport } = await start();
      const { pid } = await result(call(transport, 1, "pid"));
      expect(await result(call(transport, 2, method))).toEqual({ closing: true });
      const error = await failure(call(transport, 3, next));
      expect(error.kind).toBe("transport");
      expect(error.message).toContain(message);
      await transport.close();
      expect(isAlive(pid as number)).toBe(false);
    },
  );

  it("quotes only the last few KiB of a long stderr", async () => {
    const { transport } = await start();
    const stderr = `${"noise ".repeat(2000)}the actual cause\n`;
    const error = await failure(call(transport, 1, "crash", { code: 1, stderr }));
    expect(error.message).toContain("noise noise");
    expect(error.message).toMatch(/the actual cause$/);
    expect(error.message.length).toBeLessThan(4096 + 300);
  });

  it("fails the transport on a line over maxLineBytes, naming the cap", async () => {
    const { transport, diagnostics } = await start([ECHO], { maxLineBytes: 1024 });
    const { pid } = await result(call(transport, 1, "pid"));
    const hanging = failure(call(transport, 2, "hang"));
    const big = failure(call(transport, 3, "big", { size: 4096 }));
    for (const error of await Promise.all([hanging, big])) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("1024 bytes");
    }
    expect((await failure(call(transport, 4, "echo"))).kind).toBe("transport");
    await transport.close();
    expect(isAlive(pid as number)).toBe(false);
    expect(kinds(diagnostics)).toEqual(["closed"]);
  });
});

describe("createStdioTransport: close()", () => {
  it("rejects pending requests, ends stdin so the server exits, and is idempotent", async () => {
    const { transport, diagnostics } = await start();
    const { pid } = await result(call(transport, 1, "pid"));
    const pending = failure(call(transport, 2, "hang"));
    const closing = [transport.close(), transport.close()];
    const error = await pending;
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("connection closed");
    await Promise.all(closing);
    expect(isAlive(pid as number)).toBe(false);
    expect((await failure(call(transport, 3, "echo"))).message).toContain("connection closed");
    expect((await failure(transport.notify({ jsonrpc: "2.0", method: "x" }))).kind).toBe(
      "transport",
    );
    await transport.close();
    expect(kinds(diagnostics)).toEqual(["closed"]);
  });

  it("sends SIGTERM to a server that ignores the end of stdin", async () => {
    const marker = join(harness.scratch, "term-exit.txt");
    const { transport } = await start([STUBBORN, marker, "exit"], { shutdownTimeoutMs: 100 });
    const { pid } = await result(call(transport, 1, "pid"));
    await transport.close();
    expect(await readFile(marker, "utf8")).toBe("SIGTERM: exiting");
    expect(isAlive(pid as number)).toBe(false);
  });

  it("sends SIGKILL to a server that also ignores SIGTERM", async () => {
    const marker = join(harness.scratch, "term-ignored.txt");
    const { transport } = await start([STUBBORN, marker, "ignore"], { shutdownTimeoutMs: 100 });
    const { pid } = await result(call(transport, 1, "pid"));
    await transport.close();
    expect(await readFile(marker, "utf8")).toBe("SIGTERM: ignored");
    expect(isAlive(pid as number)).toBe(false);
  });
});
