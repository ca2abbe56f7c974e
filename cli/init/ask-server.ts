/**
 * `init`'s questions on a terminal: the server's name, then the command that starts it or its URL.
 * Prompts go to stderr, so stdout stays for results. Lines are read through the interface's
 * iterator, which buffers them: answers typed (or piped) ahead of a question are not lost.
 */
import { createInterface } from "node:readline";
import { splitCommandLine } from "../terminal/index.js";
import { SERVER_NAME_PATTERN } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { looksLikeUrl } from "./init-server.js";

export interface Answers {
  /** Undefined when the name was left empty: the caller makes one from the server. */
  name: string | undefined;
  target: { url: string } | { command: string[] };
}

const INPUT_ENDED =
  "init: the input ended before a server was given; pass --url URL or -- COMMAND ARGS...";

export async function askServer(
  input: NodeJS.ReadableStream,
  output: { write(text: string): unknown },
): Promise<Answers> {
  const lines = createInterface({ input, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const ask = async (question: string): Promise<string> => {
    output.write(question);
    const next = await iterator.next();
    if (next.done === true) throw new CliError(INPUT_ENDED, ExitCode.Usage);
    return next.value.trim();
  };
  try {
    let name: string | undefined;
    for (;;) {
      name = await ask("Server name (letters, digits, - and _; empty to derive one): ");
      if (name === "" || SERVER_NAME_PATTERN.test(name)) break;
      output.write("A name starts with a letter and has only letters, digits, - and _.\n");
    }
    for (;;) {
      const answer = await ask("Command that starts the server, or its http(s) URL: ");
      if (looksLikeUrl(answer)) return { name: name || undefined, target: { url: answer } };
      const command = splitCommandLine(answer);
      if (command !== undefined && command.length > 0) {
        return { name: name || undefined, target: { command } };
      }
      output.write(
        command === undefined
          ? "A quote is left open; close it.\n"
          : "Type the command (e.g. npx -y @modelcontextprotocol/server-everything) or a URL.\n",
      );
    }
  } finally {
    lines.close();
  }
}
