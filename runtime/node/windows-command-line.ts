/**
 * The command line that runs a batch file (`.cmd` / `.bat`, such as `npx.cmd`) through cmd.exe
 * with arguments that arrive unchanged. Node refuses to spawn batch files without a shell since
 * the 2024 fix for CVE-2024-27980, and a shell needs escaping that nothing else does for us.
 *
 * Our own code rather than cross-spawn's: cross-spawn fixes `process.platform` when it loads, so
 * its Windows path cannot be tested on other machines; this module is pure and is tested on every
 * platform against models of cmd.exe and `CommandLineToArgvW`.
 *
 * Each argument crosses two parsers before the server's program sees it:
 * 1. MSVCRT / `CommandLineToArgvW` quoting, which the final program (node.exe behind the shim)
 *    undoes: the argument is put in double quotes; backslashes are literal except before a `"`,
 *    where 2n backslashes + `"` stand for n backslashes and a quote that ends the argument, and
 *    2n+1 backslashes + `"` for n backslashes and a literal `"`.
 * 2. cmd.exe, which treats `& | < > ( )` as operators, expands `%name%` and `!name!`, and takes
 *    `"` as a switch into a quoted region. Every one of those characters, `"` included, is
 *    escaped with `^`: cmd removes the caret and keeps the character literally, and an escaped
 *    `"` does not open a quoted region, so no character is ever special to cmd. A `%` escaped as
 *    `^%` cannot start a variable name either, because the name would end in `^`.
 *
 * The caret escaping is applied twice, because cmd parses the arguments twice: once for
 * `cmd /c`, and again when the batch file expands `%*` (or `%1` …) on its own lines, which is
 * how shims hand them on. Left at one level, an argument holding `"` then `&` would end the
 * quoted region in the second parse and run the rest as a command ("BatBadBut").
 */

/** Characters cmd.exe gives a meaning to, outside or inside quoted regions. */
const CMD_SPECIAL = /[()%!^"<>&|]/g;

/** Characters cmd.exe cannot carry in a command line at all (it ends the line at LF). */
const CMD_UNREPRESENTABLE = /[\0\r\n]/;

/** One argument quoted so `CommandLineToArgvW` (and the MSVCRT startup code) reads it back. */
export function quoteWindowsArgument(argument: string): string {
  let quoted = '"';
  let backslashes = 0;
  for (const char of argument) {
    if (char === "\\") {
      backslashes++;
      continue;
    }
    // Backslashes before a quote are doubled and the quote escaped; elsewhere they are literal.
    quoted +=
      char === '"' ? "\\".repeat(backslashes * 2 + 1) + '"' : "\\".repeat(backslashes) + char;
    backslashes = 0;
  }
  // Trailing backslashes precede the closing quote, so they are doubled too.
  return quoted + "\\".repeat(backslashes * 2) + '"';
}

/** Escapes every character cmd.exe treats specially with `^`, so one cmd parse removes it. */
export function escapeForCmd(text: string): string {
  return text.replace(CMD_SPECIAL, "^$&");
}

/** True when cmd.exe can pass the argument on (no NUL, CR or LF). */
export function isCmdRepresentable(argument: string): boolean {
  return !CMD_UNREPRESENTABLE.test(argument);
}

/**
 * The text for `cmd.exe /d /s /c "<text>"` (with `windowsVerbatimArguments`) that runs the batch
 * file at `batchPath` with `args`. The path is put in plain quotes, where cmd treats operators
 * literally; it comes from the PATH search, and Windows paths cannot contain `"`. (cmd still
 * expands `%name%` there: a path with two `%` around a defined variable's name would break,
 * which install paths do not have.) Callers must have checked every argument with
 * `isCmdRepresentable`.
 */
export function batchCommandLine(batchPath: string, args: readonly string[]): string {
  let line = `"${batchPath}"`;
  for (const argument of args) {
    line += " " + escapeForCmd(escapeForCmd(quoteWindowsArgument(argument)));
  }
  return line;
}
