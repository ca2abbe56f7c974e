/**
 * Proves the bench's synthetic server serves exactly the synthetic snapshot's tools, raw schemas
 * included, in both eras: `bench:peers` times our pull (2026-07-28) and mcporter (whose SDK
 * opens with `initialize`) against it, so both must see the catalog `bench:codegen` generates.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { syntheticServerStdio } from "./synthetic-server-command.js";
import { syntheticSnapshot } from "./synthetic-snapshot.js";

// Eight tools cover every input variant (i % 4) and output variant (i % 3) of the generator.
const COUNT = 8;

const eras = [
  { era: "2026-07-28 (server/discover)", mode: { pin: "2026-07-28" }, expected: "2026-07-28" },
  // The official client's 2025 handshake, the one mcporter's SDK sends.
  { era: "2025 (initialize)", mode: "legacy", expected: "2025-11-25" },
] as const;

describe.each(eras)("synthetic server, $era", ({ mode, expected }) => {
  it(`lists exactly the snapshot's ${COUNT} tools, schemas untouched`, async () => {
    const client = new Client(
      { name: "synthetic-server-test", version: "0.0.0" },
      { versionNegotiation: { mode } },
    );
    await client.connect(new StdioClientTransport(syntheticServerStdio(COUNT)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(expected);
      const listed = await client.listTools();
      expect(listed.nextCursor).toBeUndefined();
      expect(listed.tools).toStrictEqual(syntheticSnapshot(COUNT).tools);
    } finally {
      await client.close();
    }
  });
});
