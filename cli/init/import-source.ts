/**
 * `init --import FILE|claude|cursor|vscode|windsurf|codex`: which file to read (the one given, or
 * the editor's on this platform, a project's own first), read and turned into config entries.
 */
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { CliError, ExitCode } from "../terminal/index.js";
import { EDITORS, editorConfigPath, projectConfigPath, type Editor } from "./editor-paths.js";
import { importServers, type ImportedServers } from "./import-servers.js";

/** What `--import` read, and from where. */
export interface ImportResult extends ImportedServers {
  file: string;
}

/**
 * Reads the servers `source` names.
 * @throws CliError (exit 2) for a file that is missing or unreadable, malformed, or that has no
 * server that can be expressed (listing the ones left out).
 */
export async function importFrom(
  source: string,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ImportResult> {
  const editor = (EDITORS as readonly string[]).includes(source) ? (source as Editor) : undefined;
  const candidates =
    editor === undefined
      ? [resolve(cwd, source)]
      : [
          projectConfigPath(editor, cwd),
          editorConfigPath(editor, { platform: process.platform, home: homedir(), env }),
        ].filter((file): file is string => file !== undefined);
  for (const file of candidates) {
    const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" && file !== candidates.at(-1)) return undefined;
      throw new CliError(
        `init --import: cannot read ${file} (${error.code ?? error.message})${editor === undefined ? "" : `; is ${editor} set up here? Give the file's path instead`}`,
        ExitCode.Usage,
      );
    });
    if (text === undefined) continue;
    const imported = importServers(text, file);
    if (Object.keys(imported.servers).length === 0) {
      const left =
        imported.skipped.length === 0 ? "" : ` (left out: ${imported.skipped.join("; ")})`;
      throw new CliError(
        `init --import: ${file} has no server mcp-codegen can use${left}`,
        ExitCode.Usage,
      );
    }
    return { ...imported, file };
  }
  // Unreachable: the last candidate either reads or throws.
  throw new CliError(`init --import: nothing to read for ${source}`, ExitCode.Internal);
}
