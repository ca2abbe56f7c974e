/**
 * `pull`'s positional words: config server names before `--`, a stdio server's command after it
 * (`pull local remote`, `pull -- node server.js`). commander hands both over as one variadic
 * argument and drops the `--`, so where it stood is recovered from the raw argv. And when a
 * command is given without its `--`, its first option reaches commander as an unknown option of
 * `pull`: the message then says where the command goes instead of suggesting a pull option.
 */
import type { Command, Option } from "commander";
import { closestName } from "../terminal/index.js";

export interface PullWords {
  /** Config server names: the words before `--`. */
  names: string[];
  /** A stdio server's command line: the words after `--`. */
  command: string[];
}

/**
 * How many words of `argv` follow the `--` that ends the options, if any. A `--` right after an
 * option that takes a value is that value (`--name --`), as commander reads it, and ends nothing.
 */
function wordsAfterTerminator(argv: readonly string[], options: readonly Option[]): number {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === "--") return argv.length - index - 1;
    const option = options.find((candidate) => candidate.long === word || candidate.short === word);
    if (option?.required === true) index++;
  }
  return 0;
}

/**
 * Splits the words commander collected for `pull` (`words`) by where `--` stood in `argv`:
 * everything after `--` lands, in order, at the end of `words`.
 */
export function splitPullWords(
  words: readonly string[],
  argv: readonly string[],
  options: readonly Option[],
): PullWords {
  const split = Math.max(0, words.length - wordsAfterTerminator(argv, options));
  return { names: words.slice(0, split), command: words.slice(split) };
}

const UNKNOWN_OPTION = "commander.unknownOption";

/**
 * Makes `pull`'s unknown-option error explain the forgotten `--` when positional words come
 * before the option (`pull node --import tsx stdio.ts`): those words are then almost surely a
 * server command, and commander's "did you mean --timeout?" would send the user the wrong way.
 * A plain typo of a pull option (`pull local --dryrun`) keeps commander's guess, and every other
 * error passes through unchanged. Returns `command`, for chaining.
 */
export function explainForgottenDashDash(command: Command): Command {
  const fail = command.error.bind(command);
  command.error = (message, options) => {
    // commander sets `args` (positional words, then the unknown option and what follows it)
    // before it checks for unknown options.
    const words = command.args;
    const flag = /^error: unknown option '(.*)'/.exec(message)?.[1];
    const at = flag === undefined ? -1 : words.indexOf(flag);
    if (options?.code !== UNKNOWN_OPTION || at <= 0) return fail(message, options);
    const guess = /\(Did you mean (\S+)\?\)/.exec(message)?.[1];
    if (guess !== undefined && closestName(flag!, [guess]) !== undefined) {
      return fail(message, options);
    }
    return fail(
      `error: unknown option '${flag}': a server command goes after --, as in mcp-codegen ${command.name()} [options] -- ${words.join(" ")}`,
      options,
    );
  };
  return command;
}
