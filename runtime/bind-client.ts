/**
 * Turning a generated function `fn(client, ...args)` into a member `member(...args)` of a typed
 * client object, keeping parameter names and optionality for IDE hints.
 */
import type { McpClient } from "./client.js";

/** `(client: McpClient, ...args: A) => R` without its first parameter. */
export type WithoutClient<F> = F extends (client: McpClient, ...args: infer A) => infer R
  ? (...args: A) => R
  : never;

/** Binds a generated function to a client. */
export function bindClient<A extends unknown[], R>(
  fn: (client: McpClient, ...args: A) => R,
  client: McpClient,
): (...args: A) => R {
  return (...args) => fn(client, ...args);
}
