/**
 * How to start `synthetic-server.ts`: a module of its own because the server file is an entry
 * point (importing it would start serving on this process's stdio).
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { StdioCommand } from "../fixtures/servers/index.js";

/**
 * The command line of the synthetic server with `count` tools, for a stdio transport or a
 * generator's config. The tsx loader and the entry are absolute, so any working folder works.
 */
export function syntheticServerStdio(count: number): StdioCommand {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const entry = fileURLToPath(new URL("./synthetic-server.ts", import.meta.url));
  return { command: process.execPath, args: ["--import", loader, entry, String(count)] };
}
