/**
 * `shape: "model"`: a tool result reduced to the text a model should be given. Text blocks are
 * joined; structured content is given as JSON (once: a text block that only repeats it, as the
 * spec asks servers to add, is left out); images, audio and resources, which a text model cannot
 * read and which would flood its context as base64, are summarised by type and size; the whole is
 * capped, with a marker saying how much was cut.
 */
import { localError } from "../protocol/index.js";
import type { CallToolResult, ContentBlock } from "../protocol/index.js";

/** The default cap on the text `shape: "model"` returns, in UTF-16 code units. */
export const MODEL_TEXT_LIMIT = 20_000;

export interface ModelShapeOptions {
  /** The most characters returned, the truncation marker included (default `MODEL_TEXT_LIMIT`). */
  maxChars?: number;
}

/** The options of a call that decide whether it may be shaped. */
interface ShapeOptions {
  shape?: unknown;
  manual?: boolean | undefined;
  task?: string | undefined;
}

/**
 * Whether the call asks for `shape: "model"`, refusing the options that cannot give text (for
 * `client.callTool` and a generated call alike, before either sends anything).
 */
export function checkShape(options: ShapeOptions | undefined, name: string): boolean {
  const shape = options?.shape;
  if (shape === undefined) return false;
  const context = { method: "tools/call", target: name };
  if (shape !== "model") {
    throw localError(
      "input",
      `shape must be "model" or left out, got ${JSON.stringify(shape)}`,
      context,
    );
  }
  if (options?.manual === true || options?.task === "return") {
    throw localError(
      "input",
      `shape: "model" returns the result's text, so it cannot return ${options.manual === true ? "an input_required result (manual: true)" : 'a task handle (task: "return")'}; leave one of them out`,
      context,
    );
  }
  return true;
}

/** The text a model should see of `result` (see the module comment). */
export function shapeForModel(result: CallToolResult, options: ModelShapeOptions = {}): string {
  const parts: string[] = [];
  const structured = result.structuredContent;
  const json = structured === undefined ? undefined : JSON.stringify(structured);
  if (json !== undefined) parts.push(json);
  for (const block of result.content ?? []) {
    if (block.type === "text" && json !== undefined && repeats(block.text, structured)) continue;
    parts.push(describeBlock(block));
  }
  const text = parts.join("\n");
  const shaped = result.isError === true ? `[tool error] ${text}` : text;
  return cap(shaped, options.maxChars ?? MODEL_TEXT_LIMIT);
}

/** One block as text: a text block's text, a summary for anything else. */
function describeBlock(block: ContentBlock): string {
  const fields = block as Record<string, unknown>;
  switch (block.type) {
    case "text":
      return typeof fields.text === "string" ? fields.text : "";
    case "image":
    case "audio":
      return `[${mimeOf(fields.mimeType, block.type)}, ${size(base64Bytes(fields.data))}]`;
    case "resource_link":
      return `[resource link ${stringOr(fields.uri, "?")}${mimePart(fields.mimeType)}]`;
    case "resource": {
      const resource = (fields.resource ?? {}) as Record<string, unknown>;
      const bytes =
        typeof resource.text === "string" ? utf8Bytes(resource.text) : base64Bytes(resource.blob);
      return `[resource ${stringOr(resource.uri, "?")}${mimePart(resource.mimeType)}, ${size(bytes)}]`;
    }
    default:
      return `[${JSON.stringify(String(fields.type))} content]`;
  }
}

/** Whether `text` is JSON for the same value as `structured` (the spec's fallback block). */
function repeats(text: unknown, structured: unknown): boolean {
  if (typeof text !== "string") return false;
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(structured);
  } catch {
    return false;
  }
}

/**
 * `text` cut to `max` characters with a marker saying how many were left out; never splits a
 * surrogate pair, so the result stays well-formed.
 */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = (left: number) => `\n[… ${left} more characters cut]`;
  let keep = Math.max(0, max - marker(text.length).length);
  const last = text.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep--;
  return text.slice(0, keep) + marker(text.length - keep);
}

function base64Bytes(data: unknown): number {
  if (typeof data !== "string") return 0;
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** `12 KiB`, `512 B`, `3.4 MiB`. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function mimeOf(mimeType: unknown, type: string): string {
  return typeof mimeType === "string" && mimeType !== "" ? mimeType : type;
}

function mimePart(mimeType: unknown): string {
  return typeof mimeType === "string" && mimeType !== "" ? `, ${mimeType}` : "";
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}
