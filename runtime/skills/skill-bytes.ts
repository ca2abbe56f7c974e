/**
 * A skill file's raw bytes, as `resources/read` returned them, and their SHA-256 digest in the
 * entry's `sha256:<hex>` form. Digests use WebCrypto (`crypto.subtle`), which Node 20, browsers
 * and Workers all have, so the runtime's platform-neutral core imports no Node module for it.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import type { ReadResourceResult } from "../protocol/index.js";

/**
 * The bytes of the content of `result` whose `uri` is `uri`: a `text` as UTF-8, a `blob` decoded
 * from base64. A result with no content for that URI, several, or a blob that is not base64 is
 * an `McpError` of kind `protocol`.
 */
export function contentBytes(
  result: ReadResourceResult,
  uri: string,
  context: ErrorContext,
): Uint8Array {
  const matching = result.contents.filter((content) => content.uri === uri);
  const [content] = matching;
  if (content === undefined || matching.length > 1) {
    throw new McpError({
      ...context,
      kind: "protocol",
      data: result,
      message: `${describeContext(context)}the server sent ${matching.length} contents for ${uri}, not one`,
    });
  }
  if ("text" in content && typeof content.text === "string") {
    return new TextEncoder().encode(content.text);
  }
  const blob = "blob" in content ? content.blob : undefined;
  try {
    if (typeof blob !== "string") throw new TypeError("no text and no blob");
    const binary = atob(blob);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch (error) {
    throw new McpError({
      ...context,
      kind: "protocol",
      data: result,
      message: `${describeContext(context)}the content of ${uri} is neither text nor a base64 blob`,
      cause: error,
    });
  }
}

/** `sha256:` and the 64 lowercase hex digits of the SHA-256 of `bytes`. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  // DOM's typing of `digest` takes only ArrayBuffer-backed views; these bytes never sit in a
  // SharedArrayBuffer (decoded text or base64), so the narrower type is true.
  const view = bytes as Uint8Array<ArrayBuffer>;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", view));
  let hex = "";
  for (const byte of hash) hex += byte.toString(16).padStart(2, "0");
  return `sha256:${hex}`;
}
