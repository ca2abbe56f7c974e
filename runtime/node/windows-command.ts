/**
 * How a command is started on Windows. An `.exe` is spawned directly, as everywhere else (Node
 * quotes its arguments). A batch file (`npx` is `npx.cmd`, the usual way MCP servers start)
 * must run through cmd.exe, which Node no longer does by itself; finding out which one a bare
 * name means takes the PATH / PATHEXT search that Windows does for cmd but not for Node.
 *
 * Pure: the file system, environment and working directory come in as arguments, so this is
 * tested on every platform.
 */
import { win32 } from "node:path";
import { localError } from "../protocol/index.js";
import { batchCommandLine, isCmdRepresentable } from "./windows-command-line.js";

/** What to hand to `spawn`. */
export interface SpawnPlan {
  file: string;
  args: readonly string[];
  /** Pass the arguments unquoted (Node's `windowsVerbatimArguments`): they are escaped already. */
  verbatim: boolean;
}

export interface WindowsEnvironment {
  /** The child's environment; names are matched case-insensitively, as Windows does. */
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  isFile: (path: string) => boolean;
}

const DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";

/** Reads an environment variable the Windows way: `Path` and `PATH` are the same name. */
function lookup(env: WindowsEnvironment["env"], name: string): string | undefined {
  const upper = name.toUpperCase();
  for (const key of Object.keys(env)) if (key.toUpperCase() === upper) return env[key];
  return undefined;
}

/**
 * The file `command` names, searched as cmd.exe does: a name with a directory is looked up
 * relative to `cwd` only, a bare name in `cwd` (unless `NoDefaultCurrentDirectoryInExePath` is
 * set) then each PATH entry; in each place the name as
 * given (when it already ends in a PATHEXT extension) and then with each extension. Undefined
 * when nothing matches.
 */
export function resolveWindowsCommand(
  command: string,
  where: WindowsEnvironment,
): string | undefined {
  const extensions = (lookup(where.env, "PATHEXT") ?? DEFAULT_PATHEXT)
    .split(";")
    .filter((extension) => extension !== "");
  const hasExtension = extensions.some((extension) =>
    command.toUpperCase().endsWith(extension.toUpperCase()),
  );
  // Lower case only for tidier paths in messages: Windows file names ignore case.
  const withExtensions = extensions.map((extension) => command + extension.toLowerCase());
  const names = hasExtension ? [command, ...withExtensions] : withExtensions;
  const hasDirectory = /[\\/]/.test(command) || win32.isAbsolute(command);
  const path = (lookup(where.env, "PATH") ?? "").split(";").filter((dir) => dir !== "");
  // Windows' own opt-out of finding programs in the working directory first (a planted
  // `npx.cmd` there would otherwise win over the real one).
  const skipCwd = lookup(where.env, "NoDefaultCurrentDirectoryInExePath") !== undefined;
  const directories = hasDirectory ? [where.cwd] : skipCwd ? path : [where.cwd, ...path];
  for (const directory of directories) {
    for (const name of names) {
      // Entries in PATH may be quoted (`"C:\Program Files\x"`); the quotes are not part of it.
      const candidate = win32.resolve(directory.replace(/"/g, ""), name);
      if (where.isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * How to spawn `command` with `args` on Windows: a batch file through cmd.exe
 * (`/d /s /c`, no AutoRun, with delayed expansion off) with every argument escaped, anything
 * else directly. A command that is not found is spawned as given, so the error is the ENOENT
 * every platform reports. Throws an `McpError` of kind `input` for a batch file argument cmd
 * cannot carry (NUL, CR, LF).
 */
export function planWindowsSpawn(
  command: string,
  args: readonly string[],
  where: WindowsEnvironment,
): SpawnPlan {
  const resolved = resolveWindowsCommand(command, where);
  if (resolved === undefined || !/\.(cmd|bat)$/i.test(resolved)) {
    return { file: command, args, verbatim: false };
  }
  const bad = args.find((argument) => !isCmdRepresentable(argument));
  if (bad !== undefined) {
    throw localError(
      "input",
      `cannot pass ${JSON.stringify(bad)} to ${JSON.stringify(resolved)}: a batch file runs through cmd.exe, which cannot carry NUL, CR or LF in an argument`,
    );
  }
  const shell = lookup(where.env, "ComSpec") ?? "cmd.exe";
  const line = batchCommandLine(resolved, args);
  return { file: shell, args: ["/d", "/v:off", "/s", "/c", `"${line}"`], verbatim: true };
}
