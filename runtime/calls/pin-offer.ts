/**
 * How a generated typed client hands its embedded tool definitions to a pinned client: under a
 * registry symbol on the client, so a plain `callTool(name)` made on it is pinned to the same
 * definition as the typed member. Its own small module so generated bindings do not import the
 * client.
 */
import type { Tool } from "../protocol/index.js";

/** Symbol of the client's method that takes a binding's definition; a registry symbol, so runtime copies agree. */
export const OFFER_PINNED: unique symbol = Symbol.for("mcp-codegen.offerPinned");

/**
 * A client that may take definitions to pin plain calls against. `load` is called at most once,
 * when a plain call first needs a pinned definition: binding a typed client parses nothing.
 */
export interface OffersPinned {
  [OFFER_PINNED]?(load: () => Tool): void;
}
