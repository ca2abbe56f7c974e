/**
 * The files `init` reads and replaces in the project folder, looked at without following links:
 * a config or package.json that is a link (even a dangling one) would have init change, or
 * create, a file outside the project. As `pull` does in its output folder, init refuses it.
 */
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { CliError, ExitCode } from "../terminal/index.js";
import { createPathInspector } from "../output/index.js";

/** A regular file of the project: its text, and its mode, which a rewrite keeps. */
export interface ProjectFile {
  text: string;
  mode: number;
}

/**
 * The regular files among `names` (single file names) in `cwd`, by name; absent ones are left out.
 * @throws CliError (exit 2), before anything is written, for the first name that is a symbolic
 * link (to anything, or to nothing) or not a regular file (a folder, a fifo).
 */
export async function projectFiles(
  cwd: string,
  names: readonly string[],
): Promise<Map<string, ProjectFile>> {
  const inspector = createPathInspector(cwd);
  const files = new Map<string, ProjectFile>();
  for (const name of names) {
    const state = await inspector.inspect(name);
    if (state.kind === "link") {
      throw new CliError(
        `${name} is a symbolic link, and init never writes or deletes through links; nothing was written: put the file itself here, or run init in the folder the link points to`,
        ExitCode.Usage,
      );
    }
    if (state.kind === "other") {
      throw new CliError(
        `${name} is in the way (not a regular file); nothing was written: move it away and run init again`,
        ExitCode.Usage,
      );
    }
    if (state.kind === "file") {
      files.set(name, { text: state.text, mode: (await lstat(join(cwd, name))).mode & 0o7777 });
    }
  }
  return files;
}
