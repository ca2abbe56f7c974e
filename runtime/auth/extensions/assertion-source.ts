/**
 * Where a grant's JWT comes from: the caller's text, or a function the grant calls each time, so
 * a short-lived credential (a workload identity token mounted in a file, an ID token the app
 * refreshes) is read fresh for every request instead of expiring inside the client.
 */
import { McpError } from "../../errors.js";

/** A JWT, or a function that returns the current one. */
export type AssertionSource = string | (() => string | Promise<string>);

// Compact JWS: three base64url parts (the signature may be empty only for unsecured JWTs).
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The current JWT of `source`. A source that throws, or gives something that is not a compact
 * JWT, is the caller's problem: kind `input`, and the value itself is never quoted.
 */
export async function readAssertion(source: AssertionSource, what: string): Promise<string> {
  let value: unknown;
  try {
    value = typeof source === "string" ? source : await source();
  } catch (cause) {
    throw new McpError({
      kind: "input",
      message: `${what}: the function that supplies it failed; check where it reads the token from`,
      cause,
    });
  }
  if (typeof value !== "string" || !COMPACT_JWT.test(value.trim())) {
    throw new McpError({
      kind: "input",
      message: `${what} is not a compact JWT (three base64url parts joined by dots); supply the token itself, not a file path or a JSON wrapper`,
    });
  }
  return value.trim();
}
