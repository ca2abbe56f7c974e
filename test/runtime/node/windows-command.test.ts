/**
 * Which file a command names on Windows and how it is spawned, with the file system and
 * environment given as data, so these run on every platform.
 */
import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import {
  planWindowsSpawn,
  resolveWindowsCommand,
  type WindowsEnvironment,
} from "../../../runtime/node/windows-command.js";
import { cmdParse, commandLineToArgv } from "../../support/windows-parsers.js";

/** Windows file names ignore case; the set holds them in lower case. */
const FILES = new Set(
  [
    "C:\\nodejs\\node.exe",
    "C:\\nodejs\\npx", // the sh script for Git Bash, next to npx.cmd: not runnable by Windows
    "C:\\nodejs\\npx.cmd",
    "C:\\Program Files\\tools\\serve.bat",
    "C:\\work\\local.cmd",
    "C:\\work\\bin\\server.exe",
  ].map((path) => path.toLowerCase()),
);

const where: WindowsEnvironment = {
  env: {
    Path: 'C:\\nodejs;;"C:\\Program Files\\tools"',
    PATHEXT: ".COM;.EXE;.BAT;.CMD",
    ComSpec: "C:\\Windows\\system32\\cmd.exe",
  },
  cwd: "C:\\work",
  isFile: (path) => FILES.has(path.toLowerCase()),
};

describe("resolveWindowsCommand", () => {
  const table: Array<{ given: string; want: string | undefined }> = [
    { given: "node", want: "C:\\nodejs\\node.exe" },
    { given: "npx", want: "C:\\nodejs\\npx.cmd" },
    { given: "npx.cmd", want: "C:\\nodejs\\npx.cmd" },
    { given: "NPX.CMD", want: "C:\\nodejs\\NPX.CMD" },
    { given: "serve", want: "C:\\Program Files\\tools\\serve.bat" },
    { given: "local", want: "C:\\work\\local.cmd" },
    { given: "bin\\server", want: "C:\\work\\bin\\server.exe" },
    { given: "bin/server.exe", want: "C:\\work\\bin\\server.exe" },
    { given: "C:\\nodejs\\npx", want: "C:\\nodejs\\npx.cmd" },
    { given: "server", want: undefined }, // a name with no directory is not looked up in bin\
    { given: "missing", want: undefined },
  ];
  for (const { given, want } of table) {
    it(`${given} → ${String(want)}`, () => expect(resolveWindowsCommand(given, where)).toBe(want));
  }

  it("skips the working directory when NoDefaultCurrentDirectoryInExePath is set", () => {
    const env = { ...where.env, NoDefaultCurrentDirectoryInExePath: "1" };
    expect(resolveWindowsCommand("local", { ...where, env })).toBeUndefined();
    expect(resolveWindowsCommand("npx", { ...where, env })).toBe("C:\\nodejs\\npx.cmd");
    expect(resolveWindowsCommand(".\\local", { ...where, env })).toBe("C:\\work\\local.cmd");
  });

  it("uses the default PATHEXT when the environment has none", () => {
    const bare = { ...where, env: { PATH: "C:\\nodejs" } };
    expect(resolveWindowsCommand("npx", bare)).toBe("C:\\nodejs\\npx.cmd");
  });
});

describe("planWindowsSpawn", () => {
  it("spawns an .exe directly, with its arguments left to Node's quoting", () => {
    expect(planWindowsSpawn("node", ["server.js", "a b"], where)).toEqual({
      file: "node",
      args: ["server.js", "a b"],
      verbatim: false,
    });
  });

  it("spawns a command it cannot find as given, so the error is the usual ENOENT", () => {
    expect(planWindowsSpawn("missing", ["x"], where)).toEqual({
      file: "missing",
      args: ["x"],
      verbatim: false,
    });
  });

  it("runs a batch file through ComSpec with escaped, verbatim arguments", () => {
    const args = ["-y", "@scope/server", 'say "hi" & bye', "%PATH%"];
    const plan = planWindowsSpawn("npx", args, where);
    expect(plan.file).toBe("C:\\Windows\\system32\\cmd.exe");
    expect(plan.verbatim).toBe(true);
    expect(plan.args.slice(0, 4)).toEqual(["/d", "/v:off", "/s", "/c"]);
    // `/s` strips the outer quotes; the rest is what cmd parses.
    const line = plan.args[4]!;
    expect(line.startsWith('"') && line.endsWith('"')).toBe(true);
    const program = '"C:\\nodejs\\npx.cmd"';
    const afterCmd = cmdParse(line.slice(1, -1), true);
    expect(afterCmd.startsWith(program)).toBe(true);
    expect(commandLineToArgv(cmdParse(afterCmd.slice(program.length), false))).toEqual(args);
  });

  it("rejects an argument cmd.exe cannot carry with an input error", () => {
    let thrown: unknown;
    try {
      planWindowsSpawn("npx", ["ok", "two\nlines"], where);
    } catch (error) {
      thrown = error;
    }
    expect(isMcpError(thrown) && thrown.kind).toBe("input");
    expect(String(thrown)).toMatch(/cmd\.exe.*NUL, CR or LF/);
  });
});
