/**
 * Command lines as a POSIX shell reads them: quoting words for a line a user copies (`check`'s
 * next step), and splitting a line a user typed (`init`'s question) into a command and its
 * arguments. Only quoting, no expansion: `$HOME` and `*` stay as written.
 */

const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/** `word` as one shell word: unchanged when plain, else single-quoted. */
export function quoteWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words joined into one line that a shell splits back into the same words. */
export function joinCommandLine(words: readonly string[]): string {
  return words.map(quoteWord).join(" ");
}

/**
 * The words of `line`: split at unquoted whitespace; '…' keeps everything literally, "…" keeps
 * everything but `\"` and `\\`, and a backslash outside quotes keeps the next character.
 * @returns undefined when a quote is left open or the line ends in a lone backslash.
 */
export function splitCommandLine(line: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let index = 0;
  const append = (text: string) => (word = (word ?? "") + text);
  while (index < line.length) {
    const char = line[index]!;
    if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      index++;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) return undefined;
      append(line.slice(index + 1, end));
      index = end + 1;
    } else if (char === '"') {
      let text = "";
      index++;
      for (;;) {
        if (index >= line.length) return undefined;
        const inner = line[index]!;
        if (inner === '"') break;
        if (inner === "\\" && (line[index + 1] === '"' || line[index + 1] === "\\")) {
          text += line[index + 1];
          index += 2;
        } else {
          text += inner;
          index++;
        }
      }
      append(text);
      index++;
    } else if (char === "\\") {
      if (index + 1 >= line.length) return undefined;
      append(line[index + 1]!);
      index += 2;
    } else {
      append(char);
      index++;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
