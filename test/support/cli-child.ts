/**
 * Running node as a real child process: the built `mcp-codegen` bin, or a TypeScript program
 * through the tsx loader. Output is collected whole; the exit code is what the shell would see.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/** The tsx loader as a file URL: a bare `--import tsx` would resolve from the child's cwd. */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <args>` in `cwd` and resolves once it has exited and its output is closed. `env`
 * replaces the inherited environment when given (default: this process's, without `CI`);
 * `extra` variables are added to it (`CI` included). `killAfterMs` ends a child that hangs
 * (SIGKILL; `code` is then null), so a test of a defect that blocks forever fails instead of
 * leaving the process behind.
 */
export function runNode(
  args: readonly string[],
  cwd: string,
  options: {
    env?: NodeJS.ProcessEnv;
    extra?: Readonly<Record<string, string>>;
    killAfterMs?: number;
  } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    // CI unset and stdio piped: the bin must behave as it does in a pipeline, quiet.
    const env = options.env ?? { ...process.env };
    if (options.env === undefined) delete env.CI;
    Object.assign(env, options.extra);
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer =
      options.killAfterMs === undefined
        ? undefined
        : setTimeout(() => child.kill("SIGKILL"), options.killAfterMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
