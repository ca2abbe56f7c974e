/**
 * Server text made fit to hand to a language model. A tool's title and description and the
 * server's `instructions` are written by the server, not by the user or the application: a model
 * reads them as guidance, so they are a place to hide instructions. This module makes what the
 * model reads the same as what a person reviewing the text sees, and bounds how much of the
 * context one server can take:
 * - characters that are invisible or change the reading direction are removed, in runs of any
 *   length (the table in hidden-characters.ts, from the Unicode properties: every
 *   Default_Ignorable_Code_Point and format character, so bidi controls, zero-width characters,
 *   variation selectors, Hangul fillers, tag characters; and lone surrogates), since any of them
 *   can carry text or bytes a reviewer does not see;
 * - control characters become spaces, line breaks of every kind become `\n`, runs of spaces one
 *   space, runs of blank lines one blank line;
 * - the text is cut to a number of UTF-8 bytes, ending with `…` when cut.
 * It does not judge what the text says: a description that asks the model to do something harmful
 * in plain words is passed on as it is. Treat the result as untrusted, only visible and bounded.
 */
import { McpError } from "../protocol/index.js";
import { hiddenCharacters } from "../basics/index.js";
import type { ToolAnnotations } from "../protocol/index.js";

/**
 * The cap on a tool's description for a model. Every tool's description is sent with every
 * request to the model, so a server with a few dozen tools already spends a large share of the
 * context on them; real descriptions are a few sentences, well under this.
 */
export const DESCRIPTION_MAX_BYTES = 2048;

/** The cap on a tool's title for a model: a title names the tool, on one line. */
export const TITLE_MAX_BYTES = 200;

/**
 * The cap on a server's instructions for a model, the naming line included. They go into the
 * system prompt of every turn; the spec describes them as a hint about how to use the server,
 * which takes a paragraph or two, not pages.
 */
export const INSTRUCTIONS_MAX_BYTES = 4096;

/** The cap on the server name that `instructionsForModel` quotes. */
const SERVER_NAME_MAX_BYTES = 100;

/** The smallest cap `textForModel` takes: room for a few characters and the `…`. */
const MIN_MAX_BYTES = 8;

const ELLIPSIS = "…";

export interface ModelTextOptions {
  /** The most UTF-8 bytes the result may take (default `DESCRIPTION_MAX_BYTES`). */
  maxBytes?: number;
  /** Joins the lines into one, for a title or a name. */
  singleLine?: boolean;
}

// Every line break the model could read as one: CRLF, CR, NEL, line and paragraph separators.
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const SPACES = /[^\S\n]+/g;

/**
 * `text` as a model should get it: invisible and direction-changing characters removed, control
 * characters and whitespace collapsed, and at most `maxBytes` UTF-8 bytes (see the module comment
 * for what it does and does not do). Applying it to its own result changes nothing.
 */
export function textForModel(text: string, options: ModelTextOptions = {}): string {
  const maxBytes = options.maxBytes ?? DESCRIPTION_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < MIN_MAX_BYTES) {
    throw new McpError({
      kind: "input",
      message: `textForModel: maxBytes must be an integer of at least ${MIN_MAX_BYTES}, got ${String(maxBytes)}`,
    });
  }
  let clean = text.replace(LINE_BREAKS, "\n");
  if (options.singleLine === true) clean = clean.replaceAll("\n", " ");
  clean = clean
    .replace(CONTROLS, " ")
    .replace(hiddenCharacters(), "")
    .replace(SPACES, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cutToBytes(clean, maxBytes);
}

/**
 * A server's `instructions` for a model's system prompt: a first line naming the server they came
 * from, so the model (and whoever reads the prompt) can tell them from the application's own, then
 * the text as `textForModel` makes it, `INSTRUCTIONS_MAX_BYTES` in all. `undefined` when the server
 * gave none, or nothing visible.
 */
export function instructionsForModel(
  serverName: string,
  instructions: string | undefined,
): string | undefined {
  if (instructions === undefined) return undefined;
  const name =
    textForModel(serverName, { singleLine: true, maxBytes: SERVER_NAME_MAX_BYTES }) || "(unnamed)";
  const heading = `Instructions from the MCP server ${JSON.stringify(name)} (server text, not from the user):\n`;
  const body = textForModel(instructions, {
    maxBytes: INSTRUCTIONS_MAX_BYTES - utf8Length(heading),
  });
  return body === "" ? undefined : `${heading}${body}`;
}

/** The hints of a tool's annotations a model may weigh: the four booleans, nothing else. */
export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

const HINT_KEYS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/**
 * A tool's annotations reduced to the boolean hints: the title and any other key are text or data
 * the server chose, which a model would read as more guidance. A hint that is not a boolean is
 * left out. The hints stay the server's claims, not facts.
 */
export function toolHintsForModel(annotations: ToolAnnotations | undefined): ToolHints {
  const hints: ToolHints = {};
  for (const key of HINT_KEYS) {
    const value: unknown = annotations?.[key];
    if (typeof value === "boolean") hints[key] = value;
  }
  return hints;
}

/** UTF-8 length without encoding: one to four bytes per code point. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) bytes += byteLength(char.codePointAt(0)!);
  return bytes;
}

function byteLength(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * `text` if it fits in `maxBytes`, else its longest prefix (whole code points, trailing
 * whitespace dropped) that fits with `…` after it.
 */
function cutToBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  const room = maxBytes - utf8Length(ELLIPSIS);
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = byteLength(char.codePointAt(0)!);
    if (bytes + size > room) break;
    bytes += size;
    end += char.length;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
