/**
 * A catalog made of real servers' tool lists, for `bench:peers`: the tools of the pinned official
 * reference servers (`@modelcontextprotocol/server-everything`, `-filesystem`, `-memory`,
 * devDependencies) listed live at bench time and cycled to N tools, each copy renamed
 * `<name>_<round>`. The file is written under `.tmp/` and never committed: the schemas are the
 * servers' own, not ours to check in.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { connect } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import type { Tool } from "../../runtime/protocol/types.js";
import { referenceServer, type ReferenceServerName } from "../support/reference-servers.js";

const SERVERS: readonly ReferenceServerName[] = ["everything", "filesystem", "memory"];

/** Lists every reference server's tools, in the order above. */
async function realTools(): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const name of SERVERS) {
    const server = await referenceServer(name);
    const { command, args, env, cwd } = server;
    const client = await connect({ command, args, env, cwd, stderr: "ignore" });
    try {
      tools.push(...(await client.listTools()));
    } finally {
      await client.close();
      await server.remove();
    }
  }
  return tools;
}

/**
 * Writes `count` tools cycled from the reference servers' lists to `file` (JSON: `{ tools }`)
 * and returns the last tool's name, which a generator's output must contain.
 */
export async function writeRealCatalog(file: string, count: number): Promise<string> {
  const source = await realTools();
  if (source.length === 0) throw new Error("the reference servers listed no tools");
  const tools = Array.from({ length: count }, (_, i) => {
    const tool = source[i % source.length]!;
    return { ...tool, name: `${tool.name}_${Math.floor(i / source.length)}` };
  });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ tools }));
  return tools.at(-1)!.name;
}
