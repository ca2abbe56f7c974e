/**
 * The official reference servers (`@modelcontextprotocol/server-everything`, `-filesystem`,
 * `-memory`, devDependencies pinned to one release), all initialize-era stdio servers, each run
 * from its installed entry file with plain node and a temporary HOME and working folder, so
 * nothing a server writes lands outside a folder the test removes.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export type ReferenceServerName = "everything" | "filesystem" | "memory";

/** A reference server's command line and the temporary folders it runs in. */
export interface ReferenceServer {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /** The temporary folder holding HOME, the working folder and any data folder. */
  root: string;
  /** filesystem: the one folder it may touch; memory: the folder its MEMORY_FILE_PATH is in. */
  data: string;
  /** Removes every temporary folder. */
  remove(): Promise<void>;
}

/** The entry file the package's `bin` names. */
export function referenceServerEntry(name: ReferenceServerName): string {
  const manifest = createRequire(import.meta.url).resolve(
    `@modelcontextprotocol/server-${name}/package.json`,
  );
  const { bin } = createRequire(import.meta.url)(manifest) as {
    bin: string | Record<string, string>;
  };
  const relative = typeof bin === "string" ? bin : Object.values(bin)[0]!;
  return join(dirname(manifest), relative);
}

/** Prepares a reference server's folders and command line (the server starts on connect). */
export async function referenceServer(name: ReferenceServerName): Promise<ReferenceServer> {
  const root = await mkdtemp(join(tmpdir(), `mcp-codegen-${name}-`));
  const home = join(root, "home");
  const cwd = join(root, "work");
  const data = join(root, "data");
  await Promise.all([home, cwd, data].map((folder) => mkdir(folder, { recursive: true })));
  const env: Record<string, string> = { HOME: home, USERPROFILE: home };
  const args = [referenceServerEntry(name)];
  if (name === "filesystem") args.push(data);
  if (name === "memory") env["MEMORY_FILE_PATH"] = join(data, "memory.jsonl");
  return {
    command: process.execPath,
    args,
    env,
    cwd,
    root,
    data,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
