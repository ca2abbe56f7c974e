/**
 * What a pinned contract compares (see contract-pin.ts): the fields of a tool definition a model
 * reads or a call depends on, each as canonical JSON (object keys sorted at every depth, arrays
 * in order), so a server that writes the same definition with its keys in another order has not
 * changed it. Pure: no I/O, no state.
 */
import { compareText } from "../basics/index.js";
import type { Tool } from "./types.js";

/** The fields of a tool definition a pinned client compares. */
export const PINNED_FIELDS = [
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;

/** One of `PINNED_FIELDS`. */
export type PinnedField = (typeof PINNED_FIELDS)[number];

/**
 * A definition reduced to what is compared: each pinned field's canonical JSON, `""` when the
 * field is absent (no value's JSON is empty, so absent and present never compare equal).
 */
export type ContractFingerprint = Readonly<Record<PinnedField, string>>;

/** Never the canonical JSON of a value: a field too deep to serialise differs from every other. */
const UNREADABLE = "\u0000unreadable";

/**
 * JSON with every object's keys sorted (by code unit), arrays kept in order. A value nested too
 * deeply to serialise gives a marker that equals no JSON text, so it always counts as a change.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, sortedKeys) ?? "";
  } catch {
    return UNREADABLE;
  }
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareText)) {
    // defineProperty, so a key like "__proto__" stays data instead of replacing the prototype.
    Object.defineProperty(sorted, key, {
      value: (value as Record<string, unknown>)[key],
      enumerable: true,
    });
  }
  return sorted;
}

/** The fingerprint of a definition (server JSON: any field may hold anything, or nothing). */
export function fingerprintOf(tool: Tool): ContractFingerprint {
  const fields = tool as unknown as Partial<Record<PinnedField, unknown>>;
  return {
    title: canonicalJson(fields.title),
    description: canonicalJson(fields.description),
    inputSchema: canonicalJson(fields.inputSchema),
    outputSchema: canonicalJson(fields.outputSchema),
    annotations: canonicalJson(fields.annotations),
  };
}

/** The pinned fields whose canonical JSON differs, in `PINNED_FIELDS` order; empty when none. */
export function changedFields(
  pinned: ContractFingerprint,
  live: ContractFingerprint,
): PinnedField[] {
  return PINNED_FIELDS.filter((field) => pinned[field] !== live[field]);
}

/**
 * `sha256:` and the hex SHA-256 of the fingerprint's canonical JSON (absent fields left out): a
 * short name for a contract in logs and error data. Web Crypto is on every platform the runtime
 * runs on (Node 20+, Bun, Deno, Workers, browsers in a secure context); where it is missing the
 * digest is `"unavailable"`, and the comparison, which never needs it, is unaffected.
 */
export async function contractDigest(fingerprint: ContractFingerprint): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return "unavailable";
  const text = `{${PINNED_FIELDS.filter((field) => fingerprint[field] !== "")
    .map((field) => `${JSON.stringify(field)}:${fingerprint[field]}`)
    .join(",")}}`;
  const bytes = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256:${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
