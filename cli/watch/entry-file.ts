/**
 * What to watch for a stdio server by default: the file its command line runs and that file's
 * folder (a server's other modules usually sit next to its entry point). Derived, not
 * configured, so `pull --watch -- node server.ts` needs nothing else.
 */
import { stat } from "node:fs/promises";
import { dirname, isAbsolute, resolve, sep } from "node:path";

/** The words that may name the entry file, in the order they are tried. */
function candidates(command: string, args: readonly string[]): string[] {
  // The program itself counts only when written as a relative path (`./server.sh`): a bare name
  // is looked up on PATH, and an absolute one (`/usr/bin/node`) is the interpreter, whose folder
  // must not be watched.
  const program = !isAbsolute(command) && /[\\/]/.test(command) ? [command] : [];
  return [...program, ...args];
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute entry file of `command args` run in `cwd`: the first word naming an existing file
 * (so `node --import tsx src/server.ts` gives src/server.ts: `--import` and `tsx` name none).
 * A file inside node_modules is a dependency, not source being edited: undefined then.
 */
export async function findEntryFile(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<string | undefined> {
  for (const word of candidates(command, args)) {
    if (word === "" || word.startsWith("-")) continue;
    const path = resolve(cwd, word);
    if (!(await isFile(path))) continue;
    return path.split(sep).includes("node_modules") ? undefined : path;
  }
  return undefined;
}

/** The entry file and its folder, or nothing when the command line names no file. */
export async function entryPaths(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<string[]> {
  const entry = await findEntryFile(command, args, cwd);
  return entry === undefined ? [] : [entry, dirname(entry)];
}
