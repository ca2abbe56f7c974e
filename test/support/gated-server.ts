/**
 * The scripted 2026-07-28 contract server (test/fixtures/cli/contract-server.mjs) as a real child
 * process, serving tools gated on client capabilities: `sample` is listed only to clients that
 * declare sampling and roots, `ask` only with URL-mode elicitation; calling either without them
 * is answered -32021 naming what is missing, with them "ok".
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { StdioTarget } from "@mcp-codegen/runtime";

const SERVER = fileURLToPath(new URL("../fixtures/cli/contract-server.mjs", import.meta.url));

/** Starts nothing: returns the target (the server starts on connect) and a cleanup. */
export async function gatedServer(): Promise<{ target: StdioTarget; remove(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), "mcp-codegen-gated-"));
  const contract = join(folder, "contract.json");
  await writeFile(
    contract,
    JSON.stringify({
      tools: [
        { name: "plain", inputSchema: { type: "object" } },
        { name: "sample", inputSchema: { type: "object" } },
        { name: "ask", inputSchema: { type: "object" } },
      ],
      gatedTools: { sample: ["sampling", "roots"], ask: ["elicitation.url"] },
    }),
  );
  return {
    target: { command: process.execPath, args: [SERVER, contract] },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
