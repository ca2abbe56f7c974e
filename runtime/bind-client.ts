/**
 * Turning a generated function `fn(client, ...args)` into a member `member(...args)` of a typed
 * client object, keeping parameter names, optionality and overloads for IDE hints.
 */
import type { McpClient } from "./client.js";

/**
 * `(client: McpClient, ...args) => R` without its first parameter. Generated functions have two
 * overloads (manual mode, and the plain call); both are kept. A function with one signature
 * matches both halves with the same signature, which reads as that one signature.
 */
export type WithoutClient<F> = F extends {
  (client: McpClient, ...args: infer A1): infer R1;
  (client: McpClient, ...args: infer A2): infer R2;
}
  ? { (...args: A1): R1; (...args: A2): R2 }
  : never;

/** Binds a generated function to a client. */
export function bindClient<F extends (client: McpClient, ...args: never[]) => unknown>(
  fn: F,
  client: McpClient,
): WithoutClient<F> {
  // The overloads cannot be spelt out generically; the call forwards its arguments unchanged.
  const call = fn as unknown as (client: McpClient, ...args: unknown[]) => unknown;
  return ((...args: unknown[]) => call(client, ...args)) as WithoutClient<F>;
}
