/**
 * A URL as messages may show it: no user name or password, no fragment, every query value
 * replaced by `***` (API keys are often passed there), and every path segment that looks like a
 * key (`/s/sk_live_…/mcp`, a JWT, a long random id) replaced by `***` too. Runtime-neutral.
 */
import { looksLikeCredential } from "./credential-shape.js";

export function maskUrl(url: URL | string): string {
  const safe = new URL(typeof url === "string" ? url : url.href);
  safe.username = "";
  safe.password = "";
  safe.hash = "";
  for (const key of new Set(safe.searchParams.keys())) safe.searchParams.set(key, "***");
  safe.pathname = safe.pathname
    .split("/")
    .map((segment) =>
      looksLikeCredential(segment) || looksLikeCredential(decodeOnce(segment)) ? "***" : segment,
    )
    .join("/");
  return safe.href.replace(/%2A%2A%2A/g, "***");
}

/** Percent-decoding, once; text that is not valid percent-encoding is returned as it is. */
export function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
