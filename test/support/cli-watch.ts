/**
 * Running `mcp-codegen … --watch` in-process: the run goes on while the test changes files and
 * reads what it printed so far, and `stop()` ends it through runCli's AbortSignal, as Ctrl+C
 * would, resolving with the exit code.
 */
import { join } from "node:path";
import { runCli } from "../../cli/program.js";
import { linesOf, REPO_ROOT } from "./cli-run.js";

export interface WatchRun {
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** The `error:` lines printed so far. */
  errors(): string[];
  /** Aborts the watch and resolves with runCli's exit code. */
  stop(): Promise<number>;
  /** Resolves with the exit code once the run has ended by itself (a usage error). */
  exited: Promise<number>;
}

export function startWatch(argv: readonly string[], cwd: string): WatchRun {
  let stdout = "";
  let stderr = "";
  const controller = new AbortController();
  const exited = runCli(argv, {
    cwd,
    interactive: false,
    signal: controller.signal,
    // OAuth tokens of a test run never touch the user's own token file.
    env: {
      ...process.env,
      MCP_CODEGEN_TOKEN_STORE: join(REPO_ROOT, ".tmp", "cli-tests", "tokens.json"),
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    errors: () => linesOf(stderr).filter((line) => line.startsWith("error: ")),
    stop: () => {
      controller.abort();
      return exited;
    },
    exited,
  };
}

/** How many summary lines (`… → <out> (n written, m unchanged)`) `text` holds. */
export function summaryCount(text: string): number {
  return linesOf(text).filter((line) => / \(\d+ written, \d+ unchanged/.test(line)).length;
}

/**
 * The process's open file watchers (fs.watch handles and fs.watchFile pollers), to prove a
 * stopped watch left none behind.
 */
export function watchHandles(): number {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => kind === "FSEventWrap" || kind === "StatWatcher").length;
}
