/**
 * Terminal output. On a terminal: progress lines as each server is pulled. In CI or when piped:
 * one summary line per server, nothing else. Errors always go to stderr as one line each.
 * Every line passes through `redact`, so a secret (header value, env value, URL token) that ends
 * up in a server's or a library's message is never printed, and through `toTerminalLine`, so no
 * control character a server sent (escape sequences, bidi controls, line breaks) reaches the
 * terminal.
 */
import { toTerminalLine } from "./terminal-text.js";
import { createSecretMasker, type SecretMasker } from "../secrets/index.js";

export interface Reporter {
  /** A step in progress ("connected", "listed"); shown only on a terminal. */
  progress(line: string): void;
  /** A result worth a line even in CI ("wrote 5 files"). */
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /**
   * When to tell that a server has been silent (see silence-watch.ts): often on a terminal, every
   * 10 s when output is piped (a CI log shows the pull is alive); unset under `--quiet` and in
   * the programmatic API, so nothing is timed there.
   */
  readonly silenceNotice?: SilenceNotice | undefined;
  /** A line saying what a silent server is awaited on; printed wherever `silenceNotice` is set. */
  waiting?(line: string): void;
}

/** A first notice after `afterMs` without a new request, then one every `everyMs`. */
export interface SilenceNotice {
  afterMs: number;
  everyMs: number;
}

/** Long enough that a server starting normally is never mentioned, short enough to beat a shrug. */
export const DEFAULT_SILENCE_NOTICE: SilenceNotice = { afterMs: 5000, everyMs: 5000 };

/** Piped output (CI): a line every 10 s, so a log shows the wait without filling up. */
export const PIPED_SILENCE_NOTICE: SilenceNotice = { afterMs: 10_000, everyMs: 10_000 };

export interface ReporterOptions {
  quiet?: boolean;
  interactive?: boolean;
  secrets?: readonly string[];
  /**
   * Masks with secrets learned after the reporter was made (OAuth tokens); used instead of
   * `secrets` when given.
   */
  masker?: SecretMasker;
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  /**
   * Test seam: the silence notice's timing (default `DEFAULT_SILENCE_NOTICE` on a terminal,
   * `PIPED_SILENCE_NOTICE` otherwise).
   */
  silenceNotice?: SilenceNotice;
}

/** True when progress should be shown: a TTY on stderr and not CI. */
export function isInteractive(): boolean {
  return process.stderr.isTTY === true && process.env.CI === undefined;
}

export function createReporter(options: ReporterOptions = {}): Reporter {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const interactive = options.interactive ?? isInteractive();
  const masker = options.masker ?? createSecretMasker(options.secrets ?? []);
  const mask = (text: string): string => masker.mask(text);
  // Masked in the raw text, then made one printable line (line breaks become spaces, control
  // characters visible escapes), then masked again: joining lines can make a secret out of
  // "ab\ncd" for secret "ab cd".
  const redact = (line: string): string => mask(toTerminalLine(mask(line)));
  const showsProgress = interactive && options.quiet !== true;
  return {
    silenceNotice:
      options.quiet === true
        ? undefined
        : (options.silenceNotice ??
          (showsProgress ? DEFAULT_SILENCE_NOTICE : PIPED_SILENCE_NOTICE)),
    waiting: (line) => {
      if (options.quiet !== true) stderr.write(`${redact(line)}\n`);
    },
    progress: (line) => {
      if (interactive && options.quiet !== true) stderr.write(`${redact(line)}\n`);
    },
    info: (line) => {
      if (options.quiet !== true) stdout.write(`${redact(line)}\n`);
    },
    warn: (line) => stderr.write(`warning: ${redact(line)}\n`),
    error: (line) => stderr.write(`error: ${redact(line)}\n`),
  };
}
