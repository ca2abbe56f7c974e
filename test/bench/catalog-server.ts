/**
 * Entry point: serves the tools of a catalog file (`{ tools }`, as `real-catalog.ts` writes it)
 * over stdio, exactly as listed, so `bench:peers` can time generators against real servers'
 * schemas from one process. Run with `node --import tsx test/bench/catalog-server.ts FILE`;
 * exits when stdin closes.
 */
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write("catalog-server: give the catalog file\n");
  process.exit(2);
}
const { tools } = JSON.parse(readFileSync(file, "utf8")) as { tools: unknown[] };

serveStdio(
  () => {
    const server = new Server(
      { name: "real-catalog", version: "1.0.0" },
      { capabilities: { tools: {} } },
    );
    // The listed tools go back on the wire as they came: the SDK's type is narrower than JSON.
    server.setRequestHandler("tools/list", () => ({ tools }) as never);
    return server;
  },
  { onerror: (error) => process.stderr.write(`catalog-server: ${error.message}\n`) },
);
