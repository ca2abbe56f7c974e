/**
 * Turning a generated function `fn(client, ...args)` into a member `member(...args)` of a typed
 * client object, keeping parameter names, optionality and overloads for IDE hints.
 */
import type { McpClient } from "../client/index.js";

/**
 * `(client: McpClient, ...args) => R` without its first parameter, every overload kept. Generated
 * functions have two overloads (manual mode, the plain call), or four for a tool that may run as
 * a task (`task: "return"` with and without manual mode first). Matched against four signatures,
 * a function with fewer repeats its first one in the leading places (TypeScript infers overloads
 * from the last, and fills the rest with the first), so equal first and second signatures mean
 * "two overloads" and only the last two are kept; one signature then reads as that signature.
 */
export type WithoutClient<F> = F extends {
  (client: McpClient, ...args: infer A1): infer R1;
  (client: McpClient, ...args: infer A2): infer R2;
  (client: McpClient, ...args: infer A3): infer R3;
  (client: McpClient, ...args: infer A4): infer R4;
}
  ? Same<[A1, R1], [A2, R2]> extends true
    ? { (...args: A3): R3; (...args: A4): R4 }
    : { (...args: A1): R1; (...args: A2): R2; (...args: A3): R3; (...args: A4): R4 }
  : never;

/** Mutual assignability, not distributed over unions. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Binds a generated function to a client. */
export function bindClient<F extends (client: McpClient, ...args: never[]) => unknown>(
  fn: F,
  client: McpClient,
): WithoutClient<F> {
  // The overloads cannot be spelt out generically; the call forwards its arguments unchanged.
  const call = fn as unknown as (client: McpClient, ...args: unknown[]) => unknown;
  return ((...args: unknown[]) => call(client, ...args)) as WithoutClient<F>;
}
