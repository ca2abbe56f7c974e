/**
 * Models of the two Windows parsers a batch file's arguments cross, written from their documented
 * rules, so the command-line builder can be checked on any platform. They are strict where the
 * real parsers would do something we never want: an operator or a variable reference outside a
 * quoted region throws instead of running or expanding.
 */

/**
 * One cmd.exe parse of a line: `%name%` expansion (phase 1, only in the first parse; text a batch
 * file substitutes for `%*` is not expanded again), then carets and quoted regions (phase 2).
 * Outside quotes `^x` is a literal `x`, and `"` opens a quoted region in which everything is
 * literal up to the next `"`; quotes stay in the text. Throws on what would be an operator or an
 * expansion.
 */
export function cmdParse(line: string, expandsVariables: boolean): string {
  if (expandsVariables) checkNoVariables(line);
  let out = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"') quoted = false;
      out += char;
    } else if (char === "^") {
      i++;
      if (i < line.length) out += line[i];
    } else if (char === '"') {
      quoted = true;
      out += char;
    } else if ("&|<>()".includes(char)) {
      throw new Error(`cmd.exe would treat ${JSON.stringify(char)} at ${i} as an operator`);
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * Throws when `%name%` could name a variable. A name ending in `^` cannot (nobody defines such a
 * variable), which is how the builder's `^%` escapes keep a `%` literal in phase 1.
 */
function checkNoVariables(line: string): void {
  for (let start = line.indexOf("%"); start !== -1;) {
    const end = line.indexOf("%", start + 1);
    if (end === -1) return;
    const name = line.slice(start + 1, end);
    if (name !== "" && !name.endsWith("^")) throw new Error(`cmd.exe would expand %${name}%`);
    start = name === "" ? line.indexOf("%", end + 1) : end;
  }
}

/**
 * The arguments `CommandLineToArgvW` (and the MSVCRT startup code) read from the part of a
 * command line after the program name: space or tab separates arguments outside quotes; 2n
 * backslashes and `"` are n backslashes and a quote that opens or closes a region; 2n+1
 * backslashes and `"` are n backslashes and a literal `"`; other backslashes are literal; `""`
 * inside a quoted region is a literal `"`.
 */
export function commandLineToArgv(text: string): string[] {
  const args: string[] = [];
  let current: string | undefined;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\") {
      let run = 0;
      while (text[i] === "\\") {
        run++;
        i++;
      }
      if (text[i] === '"') {
        current = (current ?? "") + "\\".repeat(run >> 1);
        if (run % 2 === 1) current += '"';
        else quoted = !quoted;
      } else {
        current = (current ?? "") + "\\".repeat(run);
        i--;
      }
    } else if (char === '"') {
      if (quoted && text[i + 1] === '"') {
        current = (current ?? "") + '"';
        i++;
      } else {
        current ??= "";
        quoted = !quoted;
      }
    } else if ((char === " " || char === "\t") && !quoted) {
      if (current !== undefined) args.push(current);
      current = undefined;
    } else {
      current = (current ?? "") + char;
    }
  }
  if (current !== undefined) args.push(current);
  return args;
}
