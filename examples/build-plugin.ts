/**
 * A Vite plugin that keeps a generated MCP client in step, with the programmatic API: at build
 * start it pulls the server (or, without one, reads the snapshot already in `out`), generates the
 * client in memory and writes only what changed. Warnings become Vite warnings; a failure stops
 * the build with the same one line `mcp-codegen` would print. The same three calls fit a webpack
 * plugin's `beforeCompile` hook or an Nx executor.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";
import { CliError, generate, pull, writeFiles, type PullTarget, type Snapshot } from "mcp-codegen";

export interface McpClientPluginOptions {
  /** The client's folder, e.g. `src/mcp/trip-planner`. */
  out: string;
  /** The server to pull at every build; without it the client is regenerated from its snapshot. */
  server?: PullTarget;
  /** Fail the build on any generation warning, as `mcp-codegen generate --strict` does. */
  strict?: boolean;
}

export function mcpClient(options: McpClientPluginOptions): Plugin {
  return {
    name: "mcp-client",
    async buildStart() {
      const onWarning = (warning: string) => this.warn(warning);
      try {
        const snapshot =
          options.server === undefined
            ? (JSON.parse(
                await readFile(join(options.out, "mcp.snapshot.json"), "utf8"),
              ) as Snapshot)
            : await pull(options.server, { onWarning });
        const { files } = await generate(snapshot, { strict: options.strict, onWarning });
        await writeFiles(options.out, files);
      } catch (error) {
        // Every failure of pull, generate and writeFiles is a CliError with one line to show.
        if (error instanceof CliError) this.error(error.message);
        throw error;
      }
    },
  };
}
