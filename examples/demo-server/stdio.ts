/**
 * Entry point: serves the Trip Planner demo over stdio (newline-delimited JSON-RPC). From the
 * repository root: `node --import tsx examples/demo-server/stdio.ts`. It exits when its stdin
 * closes.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createDemoServer } from "./server.js";

// The SDK picks the protocol era from the opening message (server/discover for 2026-07-28,
// initialize for the 2025 revisions) and gives the connection one instance from the factory.
// Diagnostics go to stderr: stdout carries the protocol.
serveStdio(() => createDemoServer(), {
  onerror: (error) => process.stderr.write(`trip-planner: ${error.message}\n`),
});
