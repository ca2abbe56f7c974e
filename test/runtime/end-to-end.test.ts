/**
 * The runtime's client against real servers: the official SDK's kitchen sink over stdio and
 * Streamable HTTP (every method, progress, cancellation the server sees, timeouts, concurrency),
 * and misbehaving processes (junk on stdout, a crash mid-request).
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, isMcpError, type McpClient, type McpError } from "@mcp-codegen/runtime";
import {
  kitchenSinkStdio,
  README_TEXT,
  startKitchenSinkHttp,
  type RunningHttpServer,
} from "../fixtures/servers/index.js";

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isMcpError(outcome)) throw new Error(`expected an McpError, got ${String(outcome)}`);
  return outcome;
}

let http: RunningHttpServer;
beforeAll(async () => {
  http = await startKitchenSinkHttp();
});
afterAll(async () => {
  await http.close();
});

const transports: Array<[string, () => Promise<McpClient>]> = [
  ["stdio", () => connect({ ...kitchenSinkStdio(), stderr: "pipe" })],
  ["http", () => connect({ url: http.url })],
];

describe.each(transports)("kitchen sink over %s", (_name, open) => {
  let client: McpClient;
  beforeAll(async () => {
    client = await open();
  });
  afterAll(async () => {
    await client.close();
  });

  it("discovers the server", () => {
    expect(client.server.info).toMatchObject({ name: "kitchen-sink", version: "1.2.3" });
    expect(client.server.supportedVersions).toContain("2026-07-28");
    expect(client.server.instructions).toBe("A fixture server for mcp-codegen tests.");
    expect(client.server.capabilities.tools).toBeDefined();
  });

  it("lists tools, prompts, resources and templates", async () => {
    const tools = (await client.listTools()).map((tool) => tool.name).sort();
    expect(tools).toEqual([
      "add",
      "cancelledRequests",
      "echo",
      "fail",
      "slow",
      "sum_list",
      "waitForCancel",
    ]);
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(["greet"]);
    expect((await client.listResources()).map((r) => r.uri).sort()).toEqual([
      "file:///logo.png",
      "file:///readme.txt",
    ]);
    const templates = (await client.listResourceTemplates()).map((t) => t.uriTemplate).sort();
    expect(templates).toEqual(["greeting://{name}", "users://{id}/posts{?limit}"]);
    const page = await client.listPage("tools/list");
    expect(page.items.length).toBe(tools.length);
    expect(page.nextCursor).toBeUndefined();
  });

  it("calls tools: structured results, tool errors as results, protocol errors thrown", async () => {
    const added = await client.callTool<{ sum: number }>("add", { a: 2, b: 40 });
    expect(added.structuredContent).toEqual({ sum: 42 });
    const failed = await client.callTool("fail", {});
    expect(failed.isError).toBe(true);
    const unknown = await rejection(client.callTool("no_such_tool", {}));
    expect(unknown.kind).toBe("protocol");
    expect(unknown.code).toBe(-32602);
    expect(unknown.target).toBe("no_such_tool");
  });

  it("gets a prompt, reads resources, completes arguments", async () => {
    const prompt = await client.getPrompt("greet", { name: "Ada", style: "pirate" });
    expect(JSON.stringify(prompt.messages)).toContain("Ada");
    const readme = await client.readResource("file:///readme.txt");
    expect(readme.contents[0]).toMatchObject({ uri: "file:///readme.txt", text: README_TEXT });
    const greeting = await client.readResource("greeting://Ada");
    expect(greeting.contents[0]).toMatchObject({ text: "Hello, Ada!" });
    const missing = await rejection(client.readResource("file:///nope"));
    expect(missing.code).toBe(-32602);
    const completion = await client.complete({
      ref: { type: "ref/prompt", name: "greet" },
      argument: { name: "style", value: "p" },
    });
    expect(completion.completion.values).toEqual(["pirate"]);
  });

  it("reports progress to the caller", async () => {
    const seen: Array<[number, number | undefined]> = [];
    await client.callTool(
      "slow",
      { steps: 3, delayMs: 5 },
      { onProgress: (p) => seen.push([p.progress, p.total]) },
    );
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("cancels, and the server sees the cancellation", async () => {
    const controller = new AbortController();
    const pending = rejection(
      client.callTool(
        "waitForCancel",
        {},
        { signal: controller.signal, onProgress: () => controller.abort(new Error("stop")) },
      ),
    );
    const error = await pending;
    expect(error.kind).toBe("cancelled");
    // The server records the cancelled request id; poll until it has.
    let ids: unknown[] = [];
    for (let attempt = 0; attempt < 100 && ids.length === 0; attempt++) {
      const result = await client.callTool<{ requestIds: unknown[] }>("cancelledRequests", {});
      ids = result.structuredContent?.requestIds ?? [];
      if (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ids.length).toBeGreaterThan(0);
  });

  it("times out a request the server does not answer in time", async () => {
    const error = await rejection(
      client.callTool("slow", { steps: 1, delayMs: 5_000 }, { timeout: 50 }),
    );
    expect(error.kind).toBe("timeout");
    // The connection is still usable afterwards.
    expect(
      (await client.callTool<{ text: string }>("echo", { text: "still here" })).structuredContent,
    ).toEqual({
      text: "still here",
    });
  });

  it("answers 1,000 concurrent calls each to its own caller", async () => {
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        client.callTool<{ sum: number }>("add", { a: i, b: 0.5 }),
      ),
    );
    expect(results.map((r) => r.structuredContent?.sum)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i + 0.5),
    );
  });
});

describe("misbehaving stdio servers", () => {
  const script = fileURLToPath(
    new URL("../fixtures/stdio-misbehaving/echo-server.mjs", import.meta.url),
  );

  it("survives junk on stdout and reports it as diagnostics", async () => {
    const diagnostics: string[] = [];
    const client = await connect(
      { command: process.execPath, args: [script] },
      { discover: false, onDiagnostic: (d) => diagnostics.push(d.kind) },
    );
    expect(await client.request("junk", {})).toEqual({ ok: true });
    expect(await client.request("echo", { x: 1 })).toMatchObject({ params: { x: 1 } });
    expect(diagnostics.filter((kind) => kind === "stdout-noise")).toHaveLength(1);
    await client.close();
    // The total (3 lines) once more as the connection closes.
    expect(diagnostics.filter((kind) => kind === "stdout-noise")).toHaveLength(2);
  });

  it("fails every pending request at once when the server dies mid-request", async () => {
    // Without restarts: the client then closes, with the crash as its reason.
    const client = await connect(
      { command: process.execPath, args: [script], stderr: "pipe" },
      { discover: false, restart: false },
    );
    const hanging = [rejection(client.request("hang", {})), rejection(client.request("hang", {}))];
    const crash = rejection(client.request("crash", { stderr: "fatal: out of cheese\n", code: 3 }));
    const errors = await Promise.all([...hanging, crash]);
    for (const error of errors) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("out of cheese");
    }
    const later = await rejection(client.request("echo", {}));
    expect(later.kind).toBe("closed");
    expect(later.message).toContain("out of cheese");
    await client.close();
  });

  it("names the command when it cannot be started", async () => {
    const error = await rejection(connect({ command: "/nonexistent/mcp-server" }));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("/nonexistent/mcp-server");
  });
});

describe("HTTP endpoints that are not MCP", () => {
  it("reports an endpoint with nothing listening as a transport error", async () => {
    const error = await rejection(connect({ url: "http://127.0.0.1:9/mcp" }));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("127.0.0.1:9");
  });
});
