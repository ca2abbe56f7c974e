/**
 * Shared by the demo-server tests: a transport that starts the Trip Planner demo server
 * (examples/demo-server) as a child process over stdio, and an official client pinned to
 * 2026-07-28 to drive it.
 */
import { Client } from "@modelcontextprotocol/client";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect } from "vitest";

/** The protocol revision the modern client pins. */
export const MODERN = "2026-07-28";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
/** Absolute, because `--import tsx` resolves from the child's working directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** A transport that starts a fresh demo server for each connection. */
export function demoTransport(): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ["--import", TSX_LOADER, ENTRY],
    cwd: REPOSITORY_ROOT,
  });
}

/** The text of a result's only content block. */
export function textOf(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block?.type !== "text") throw new Error(`expected one text block, got ${block?.type}`);
  return block.text;
}

/** An official client pinned to MODERN, not yet connected. */
export function modernClient(): Client {
  return new Client(
    { name: "demo-server-test", version: "0.0.0" },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
}

/** What `useDemoServer` gives a suite: the connected client and shorthands over it. */
export interface DemoServer {
  client(): Client;
  /** A listed tool by name; throws if the server did not list it. */
  tool(name: string): Tool;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** Starts a demo server for the enclosing suite (connected and listed once) and stops it after. */
export function useDemoServer(): DemoServer {
  let client: Client | undefined;
  let tools: Tool[] = [];
  beforeAll(async () => {
    client = modernClient();
    await client.connect(demoTransport());
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await client?.close();
  });
  const connected = (): Client => {
    if (client === undefined) throw new Error("the demo server is not connected yet");
    return client;
  };
  return {
    client: connected,
    tool(name) {
      const found = tools.find((candidate) => candidate.name === name);
      if (found === undefined) throw new Error(`tool ${name} not listed`);
      return found;
    },
    call: (name, args) =>
      connected().callTool({ name, arguments: args }) as Promise<CallToolResult>,
  };
}
