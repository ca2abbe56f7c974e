/**
 * The promise that secrets never reach the snapshot or the generated code, kept even when a
 * server echoes one back: a header or env value that turns up in a tool's description, a
 * default, the instructions. Every string of the contract is searched for every known secret.
 */
import type { PulledContract } from "../templates/snapshot.js";

/** Secrets shorter than this would match ordinary text ("1", "yes"); they are not searched. */
const MIN_SECRET_LENGTH = 4;

export interface Redacted {
  contract: PulledContract;
  /** How many occurrences were replaced with `***`. */
  replaced: number;
}

export function redactSecrets(contract: PulledContract, secrets: readonly string[]): Redacted {
  const searched = [...new Set(secrets)]
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (searched.length === 0) return { contract, replaced: 0 };
  let replaced = 0;
  const redactText = (text: string): string => {
    let result = text;
    for (const secret of searched) {
      if (!result.includes(secret)) continue;
      const parts = result.split(secret);
      replaced += parts.length - 1;
      result = parts.join("***");
    }
    return result;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return redactText(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== "object" || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      // defineProperty, so a key named "__proto__" stays a key.
      Object.defineProperty(copy, redactText(key), {
        value: walk(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  };
  const redacted = walk(contract) as PulledContract;
  return { contract: replaced === 0 ? contract : redacted, replaced };
}
