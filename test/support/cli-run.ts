/**
 * Running the CLI in-process with captured output, in throwaway project folders. The folders live
 * under the repository's gitignored `.tmp/`, so generated code that imports `@mcp-codegen/runtime`
 * resolves it through the package's self-reference, exactly as in a user's project.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../cli/program.js";
import { stringify } from "../fixtures/cli/json-text.mjs";

/** The repository root, with a trailing separator. */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What one CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-codegen <argv>` in `cwd`; progress is off unless `interactive` asks for it. */
export async function runCliCaptured(
  argv: readonly string[],
  cwd: string,
  options: { interactive?: boolean } = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    interactive: options.interactive ?? false,
    // OAuth tokens of a test run never touch the user's own token file.
    env: {
      ...process.env,
      MCP_CODEGEN_TOKEN_STORE: join(REPO_ROOT, ".tmp", "cli-tests", "tokens.json"),
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** A scratch project folder; `remove()` deletes it and everything in it. */
export interface TempProject {
  dir: string;
  /** An absolute path inside the project. */
  path(...parts: string[]): string;
  /** Writes a file (creating folders); JSON for anything that is not a string. */
  write(relativePath: string, content: unknown): Promise<string>;
  remove(): Promise<void>;
}

/** A fresh, uniquely named folder under `.tmp/cli-tests/`. */
export async function createTempProject(label: string): Promise<TempProject> {
  const base = join(REPO_ROOT, ".tmp", "cli-tests");
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(join(base, `${label}-`));
  const path = (...parts: string[]) => join(dir, ...parts);
  return {
    dir,
    path,
    async write(relativePath, content) {
      const file = path(relativePath);
      await mkdir(dirname(file), { recursive: true });
      const text = typeof content === "string" ? content : `${jsonText(content)}\n`;
      await writeFile(file, text);
      return file;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Indented JSON, or compact JSON built without recursion for a value nested deeper than
 * JSON.stringify can go (hostile catalogs hold values thousands of levels deep).
 */
function jsonText(content: unknown): string {
  try {
    return JSON.stringify(content, null, 2);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringify(content);
  }
}

/** The lines of a captured stream, without the final empty one. */
export function linesOf(text: string): string[] {
  return text.split("\n").filter((line, index, all) => line !== "" || index < all.length - 1);
}
