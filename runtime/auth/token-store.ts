/**
 * Where OAuth state outlives one connection: tokens per authorization server and resource, client
 * registrations per authorization server. The OAuth core decides the keys and the records' shapes;
 * a store only keeps JSON objects. What a store hands back is untrusted input (a file edited by hand, a
 * store shared by versions), so the core validates every record it reads and treats a malformed
 * one as absent.
 */
import type { JsonObject } from "../protocol/index.js";

export interface TokenStore {
  /** The record stored under `key`, or `undefined` when there is none. */
  get(key: string): Promise<JsonObject | undefined>;
  /** Replaces the record under `key`. */
  set(key: string, value: JsonObject): Promise<void>;
  /** Forgets `key`; forgetting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** A store that lives as long as the process: the runtime's default. */
export function memoryTokenStore(): TokenStore {
  const records = new Map<string, string>();
  return {
    get: async (key) => {
      const text = records.get(key);
      // Stored as text so a caller mutating what it read or wrote cannot change the store.
      return text === undefined ? undefined : (JSON.parse(text) as JsonObject);
    },
    set: async (key, value) => {
      records.set(key, JSON.stringify(value));
    },
    delete: async (key) => {
      records.delete(key);
    },
  };
}
