/**
 * A client's connection over time, against real processes: its status and events, a stdio
 * server that exits mid-call and is started again (both eras), the restart cap, `close()`,
 * `reconnect()`, lazy start, `ping()` and `serverInfo`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connect, isMcpError, type ConnectionStatus, type McpClient } from "@mcp-codegen/runtime";
import { kitchenSinkStdio } from "../../fixtures/servers/index.js";
import { startWorld } from "../auth/oauth-test-world.js";

const echoServer = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/echo-server.mjs", import.meta.url),
);
const legacyServer = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/legacy-server.mjs", import.meta.url),
);

async function rejection(promise: Promise<unknown>) {
  const outcome = await promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  if (!isMcpError(outcome)) throw new Error(`expected an McpError, got ${String(outcome)}`);
  return outcome;
}

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function track(client: Promise<McpClient>): Promise<McpClient> {
  const opened = await client;
  open.push(opened);
  return opened;
}

const fastRestarts = { initialDelayMs: 5, maxDelayMs: 20 };

describe("status", () => {
  it("goes connecting → discovering → ready, and names era and version", async () => {
    const states: string[] = [];
    const client = await track(
      connect(
        { ...kitchenSinkStdio(), stderr: "pipe" },
        { onStatus: (status) => states.push(status.state) },
      ),
    );
    expect(states).toEqual(["connecting", "discovering", "ready"]);
    expect(client.status).toMatchObject({
      state: "ready",
      era: "modern",
      protocolVersion: "2026-07-28",
      restarts: 0,
    });
    expect(client.serverInfo).toMatchObject({ name: "kitchen-sink", version: "1.2.3" });
    await client.ping();
  });

  it("goes through initializing for an initialize-era server, and pings it", async () => {
    const states: string[] = [];
    const client = await track(
      connect(
        { command: process.execPath, args: [legacyServer, "polite"], stderr: "pipe" },
        { onStatus: (status) => states.push(status.state) },
      ),
    );
    expect(states.at(-2)).toBe("initializing");
    expect(client.status).toMatchObject({ state: "ready", era: "legacy" });
    await client.ping();
  });

  it("gives the instructions for a model only to a client that opted in", async () => {
    const plain = await track(connect({ ...kitchenSinkStdio(), stderr: "pipe" }));
    expect(plain.server.instructions).toBe("A fixture server for mcp-codegen tests.");
    expect(plain.instructionsForModel()).toBeUndefined();
    const opted = await track(
      connect({ ...kitchenSinkStdio(), stderr: "pipe" }, { instructionsForModel: true }),
    );
    expect(opted.instructionsForModel()).toBe(
      'Instructions from the MCP server "kitchen-sink" (server text, not from the user):\n' +
        "A fixture server for mcp-codegen tests.",
    );
  });

  it("keeps going when a status listener throws", async () => {
    const client = await track(
      connect(
        { ...kitchenSinkStdio(), stderr: "pipe" },
        {
          onStatus: () => {
            throw new Error("listener bug");
          },
        },
      ),
    );
    expect(client.status.state).toBe("ready");
  });
});

describe("close and reconnect", () => {
  it("answers every call after close() with kind closed, and reconnect() revives it", async () => {
    const client = await track(connect({ ...kitchenSinkStdio(), stderr: "pipe" }));
    const heard: ConnectionStatus[] = [];
    const stop = client.onStatus((status) => heard.push(status));
    await client.close();
    expect(client.status).toMatchObject({ state: "closed", reason: "closed by the client" });
    const error = await rejection(client.listTools());
    expect(error.kind).toBe("closed");
    expect(error.message).toContain("reconnect()");
    await client.reconnect();
    expect(client.status.state).toBe("ready");
    expect((await client.listTools()).map((tool) => tool.name)).toContain("echo");
    expect(heard.map((status) => status.state)).toEqual([
      "closed",
      "connecting",
      "discovering",
      "ready",
    ]);
    stop();
  });

  it("fails a call waiting for a restart at once when the client closes", async () => {
    const client = await track(
      connect(
        { command: process.execPath, args: [echoServer], stderr: "pipe" },
        { discover: false, restart: { initialDelayMs: 60_000, maxDelayMs: 60_000 } },
      ),
    );
    await rejection(client.request("crash", { stderr: "bye\n", code: 1 }));
    await vi.waitFor(() => expect(client.status.state).toBe("reconnecting"));
    const waiting = rejection(client.request("echo", {}));
    await client.close();
    expect((await waiting).kind).toBe("closed");
  });
});

describe("restart of a stdio server", () => {
  it("fails the calls in flight, starts the server again, and serves later calls", async () => {
    const states: string[] = [];
    const client = await track(
      connect(
        { command: process.execPath, args: [echoServer], stderr: "pipe" },
        {
          discover: false,
          restart: fastRestarts,
          onStatus: (status) => states.push(status.state),
        },
      ),
    );
    const before = (await client.request("pid", {})).pid;
    const hanging = rejection(client.request("hang", {}));
    const crash = rejection(client.request("crash", { stderr: "fatal: out of cheese\n", code: 3 }));
    for (const error of await Promise.all([hanging, crash])) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("out of cheese");
    }
    // Made while the server is down: waits for the restart within its own timeout.
    const after = (await client.request("pid", {})).pid;
    expect(after).not.toBe(before);
    expect(client.status).toMatchObject({ state: "ready", restarts: 1 });
    expect(states).toContain("reconnecting");
  });

  it("keeps the initialize-era verdict: the new process gets initialize, never the probe", async () => {
    const client = await track(
      connect(
        { command: process.execPath, args: [legacyServer, "exits"], stderr: "pipe" },
        { restart: fastRestarts },
      ),
    );
    expect(client.era).toBe("legacy");
    expect((await rejection(client.callTool("exit", {}))).kind).toBe("transport");
    const result = await client.callTool<{ seen: Array<{ method?: string }> }>("messages", {});
    const methods = result.structuredContent!.seen.map((message) => message.method);
    expect(methods[0]).toBe("initialize");
    expect(methods).not.toContain("server/discover");
    expect(client.status).toMatchObject({ state: "ready", era: "legacy", restarts: 1 });
  });

  it("gives up after the cap and closes with the reason", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcp-restart-"));
    try {
      const client = await track(
        connect(
          {
            command: process.execPath,
            args: [echoServer],
            env: { EXIT_AFTER_FIRST_START: join(folder, "started") },
            stderr: "pipe",
          },
          { discover: false, restart: { ...fastRestarts, maxRestarts: 2 } },
        ),
      );
      await rejection(client.request("crash", { stderr: "first crash\n", code: 1 }));
      await vi.waitFor(() => expect(client.status.state).toBe("closed"), { timeout: 20_000 });
      expect(client.status.reason).toContain("gave up after 2 restarts");
      expect(client.status.restarts).toBe(2);
      expect((await rejection(client.request("echo", {}))).kind).toBe("closed");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("with restart: false, closes when the server exits", async () => {
    const client = await track(
      connect(
        { command: process.execPath, args: [echoServer], stderr: "pipe" },
        { discover: false, restart: false },
      ),
    );
    await rejection(client.request("crash", { stderr: "gone\n", code: 1 }));
    await vi.waitFor(() => expect(client.status.state).toBe("closed"));
    expect(client.status.restarts).toBe(0);
  });
});

describe("lazy start", () => {
  it("returns at once; requests made before the handshake wait for it", async () => {
    const client = await track(connect({ ...kitchenSinkStdio(), stderr: "pipe" }, { lazy: true }));
    expect(["connecting", "discovering"]).toContain(client.status.state);
    const [tools, echo] = await Promise.all([
      client.listTools(),
      client.callTool("echo", { text: "early" }),
    ]);
    expect(tools.map((tool) => tool.name)).toContain("echo");
    expect(echo.structuredContent).toEqual({ text: "early" });
    await client.ready(1_000);
    expect(client.server.info).toMatchObject({ name: "kitchen-sink" });
  });

  it("reports a failure to start through ready() and every call", async () => {
    const client = await track(connect({ command: "/nonexistent/mcp-server" }, { lazy: true }));
    const error = await rejection(client.ready());
    expect(error.kind).toBe("closed");
    expect(error.message).toContain("/nonexistent/mcp-server");
    expect(client.status.state).toBe("closed");
    expect((await rejection(client.listTools())).kind).toBe("closed");
  });

  it("times a waiting request out within its own timeout", async () => {
    const client = await track(
      connect(
        { command: process.execPath, args: [legacyServer, "silent"], stderr: "pipe" },
        { lazy: true, probeTimeout: 60_000 },
      ),
    );
    const error = await rejection(client.listTools({ timeout: 50 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("not ready in time");
  });
});

describe("authorizing", () => {
  it("is the state while connecting meets a 401 and signs in, then the handshake goes on", async () => {
    const world = await startWorld();
    try {
      const states: string[] = [];
      const client = await track(
        connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { onStatus: (status) => states.push(status.state) },
        ),
      );
      // The probe was the first request: it met the 401, and the flow ran inside the handshake.
      expect(states).toEqual(["connecting", "discovering", "authorizing", "discovering", "ready"]);
      expect(world.authorizations).toHaveLength(1);
      expect(client.serverInfo).toMatchObject({ name: "protected" });
      expect(world.at("/mcp").map((request) => request.message?.method)).toEqual([
        "server/discover",
        "server/discover",
      ]);
    } finally {
      await world.close();
    }
  });

  it("is the state while a request waits on an OAuth flow, then ready again", async () => {
    const world = await startWorld();
    try {
      const states: string[] = [];
      const client = await track(
        connect(
          { url: world.mcpUrl, auth: { redirect: world.redirect } },
          { discover: false, onStatus: (status) => states.push(status.state) },
        ),
      );
      expect(await client.request("tools/list")).toMatchObject({ resultType: "complete" });
      expect(states).toEqual(["connecting", "ready", "authorizing", "ready"]);
      // Signed in: the next request needs no flow.
      await client.request("tools/list");
      expect(states).toHaveLength(4);
    } finally {
      await world.close();
    }
  });
});
