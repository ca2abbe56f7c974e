/**
 * Entry point: the synthetic N-tool catalog of `synthetic-snapshot.ts` served live over stdio, so
 * `bench:peers` can time generators that connect to a server (ours and mcporter) against the same
 * contract `bench:codegen` generates offline. Run with
 * `node --import tsx test/bench/synthetic-server.ts [N]` (default 1000); exits when stdin closes.
 */
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { syntheticSnapshot } from "./synthetic-snapshot.js";

const count = Number(process.argv[2] ?? "1000");
if (!Number.isInteger(count) || count < 0) {
  process.stderr.write(
    `synthetic-server: the tool count must be a whole number, not ${process.argv[2]}\n`,
  );
  process.exit(2);
}
const snapshot = syntheticSnapshot(count);
// Every synthetic input schema is already `type: "object"`; restating it only narrows our Tool
// type (where `type` is optional) to the SDK's, and keeps the key where it was, so the wire is
// unchanged (synthetic-server.test.ts compares it with the snapshot).
const tools = snapshot.tools.map((tool) => ({
  ...tool,
  inputSchema: { ...tool.inputSchema, type: "object" as const },
}));

// The low-level Server, not McpServer: McpServer builds input schemas from Standard Schema
// validators, while the bench needs the snapshot's raw JSON Schemas on the wire byte for byte.
// The SDK entry answers both eras (server/discover and initialize), so each client opens in its own.
serveStdio(
  () => {
    const server = new Server(snapshot.server, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools }));
    return server;
  },
  { onerror: (error) => process.stderr.write(`synthetic-server: ${error.message}\n`) },
);
