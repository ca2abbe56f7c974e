/**
 * Servers from the MCP registry and from `server.json` files: fetching an entry (bounded, all of
 * it untrusted), and turning its packages or remotes into a target with the user's values.
 */
export { entryTarget } from "./entry-target.js";
export type { EntryTarget, EntryValues } from "./entry-target.js";
export {
  DEFAULT_REGISTRY_URL,
  entryUrl,
  fetchRegistryEntry,
  registryBaseUrl,
} from "./fetch-entry.js";
export type { FetchEntryOptions, RegistryEntry } from "./fetch-entry.js";
export { parseRegistryName, resolveRegistrySource, resolveServerJson } from "./registry-source.js";
export type {
  RegistrySource,
  ResolvedEntry,
  ServerJsonSource,
  ServerOrigin,
} from "./registry-source.js";
export type { ServerJson } from "./server-json.js";
