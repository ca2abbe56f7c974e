/**
 * This project's runtime, used the way an application uses it: `connect()` (which runs
 * `server/discover`), then `callTool()` with no options.
 *
 * It is loaded from the build in `dist/` when that is up to date: that is what ships, and the
 * TypeScript source run through tsx is not the same code (esbuild's `__name` wrappers cost a
 * property definition for each named closure made per request).
 */
import { readdir, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type * as Runtime from "@mcp-codegen/runtime";
import type { BenchClient } from "./bench-client.js";

export type RuntimeOrigin = "dist" | "source";

export interface LoadedRuntime {
  connect: typeof Runtime.connect;
  createFetchHttpTransport: typeof Runtime.createFetchHttpTransport;
  origin: RuntimeOrigin;
}

const SOURCE_DIR = fileURLToPath(new URL("../../runtime/", import.meta.url));
const BUILT_DIR = fileURLToPath(new URL("../../runtime/dist", import.meta.url));
const BUILT_ENTRY = new URL("../../runtime/dist/node/index.js", import.meta.url);

/** The build when it is newer than every runtime source file (or `source` is asked for). */
export async function loadRuntime(preferSource: boolean): Promise<LoadedRuntime> {
  if (!preferSource && (await buildIsFresh())) {
    const built = (await import(BUILT_ENTRY.href)) as typeof Runtime;
    const { connect, createFetchHttpTransport } = built;
    return { connect, createFetchHttpTransport, origin: "dist" };
  }
  const { connect, createFetchHttpTransport } = await import("../../runtime/node/index.js");
  return { connect, createFetchHttpTransport, origin: "source" };
}

async function buildIsFresh(): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(BUILT_ENTRY)).mtimeMs;
  } catch {
    return false;
  }
  const entries = await readdir(SOURCE_DIR, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
    // The build's own declarations (runtime/dist/*.d.ts) are not sources.
    if (entry.parentPath.startsWith(BUILT_DIR)) continue;
    const { mtimeMs } = await stat(`${entry.parentPath}/${entry.name}`);
    if (mtimeMs > built) return false;
  }
  return true;
}

/**
 * `connect()` to `target`; `{ url, viaFetch: true }` connects through `createFetchHttpTransport`
 * (global `fetch`) instead of the undici transport `{ url }` gets. `pin` connects with
 * `pin: true`: the first call lists the tools once, every later one checks a map.
 */
export async function connectRuntime(
  runtime: LoadedRuntime,
  target: { command: string; args: string[] } | { url: string; viaFetch?: true },
  pin = false,
): Promise<BenchClient> {
  const client = await runtime.connect(
    "viaFetch" in target ? runtime.createFetchHttpTransport({ url: target.url }) : target,
    pin ? { pin: true } : {},
  );
  return {
    async call(i) {
      const result = await client.callTool("echo", { i });
      return result.structuredContent;
    },
    close: () => client.close(),
  };
}
