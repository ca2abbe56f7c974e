/**
 * The official TypeScript SDK client (`@modelcontextprotocol/client`), pinned to 2026-07-28 so it
 * speaks the same revision as the runtime and sends `server/discover`, not `initialize`.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { BenchClient } from "./bench-client.js";
import { PROTOCOL_VERSION } from "./envelope.js";

async function connectOfficial(transport: Transport): Promise<BenchClient> {
  const client = new Client(
    { name: "mcp-codegen-bench", version: "0.0.0" },
    { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
  );
  await client.connect(transport);
  return {
    async call(i) {
      const result = await client.callTool({ name: "echo", arguments: { i } });
      return result.structuredContent;
    },
    close: () => client.close(),
  };
}

export function connectOfficialStdio(command: string, args: string[]): Promise<BenchClient> {
  return connectOfficial(new StdioClientTransport({ command, args }));
}

export function connectOfficialHttp(url: string): Promise<BenchClient> {
  return connectOfficial(new StreamableHTTPClientTransport(new URL(url)));
}
