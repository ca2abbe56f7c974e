/**
 * The promise that secrets never reach the snapshot or the generated code, kept even when a
 * server echoes one back, without ever changing what calls depend on.
 *
 * A secret in prose (a description, a title, a default or an example, the instructions, the
 * server's version) is replaced by `***`. A secret in anything code or the server matches on (a
 * name, an object key, an enum or const value, a URI, a type, a pattern) is not rewritten:
 * `get_info` must stay `get_info` or every call fails. It is reported as a collision instead,
 * and the pull stops.
 */
import type { PulledContract } from "../../templates/index.js";
import { containsSecret, maskText, searchableSecrets } from "../secrets/index.js";
import type { Secret } from "../secrets/index.js";

/** Keys whose whole value is prose or sample data: masking there changes no behaviour. */
const PROSE_KEYS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "default",
  "examples",
  "$comment",
  "instructions",
  // The error a server answered a list request with (snapshot `unlisted`).
  "unlisted",
  "version",
]);

/** Schema keywords whose keys are property or definition names, never keywords. */
const NAME_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependentRequired",
  "dependencies",
]);

/** A secret found where it cannot be masked. */
export interface SecretCollision {
  /** Where the user gave the secret: `env API_TOKEN`, `header Authorization`. */
  source: string;
  /** Where in the contract, secrets masked: `a key of tool "x" at /inputSchema/properties/***`. */
  place: string;
}

export interface Redacted {
  contract: PulledContract;
  /** How many occurrences were replaced with `***`. */
  replaced: number;
  /** The sources of the secrets that were masked, unique, in the order met. */
  sources: string[];
  /** Secrets in names, keys, enum or const values and the like: left as they are. */
  collisions: SecretCollision[];
}

/** Every string of the contract searched for every secret; see the file comment for the rules. */
export function redactSecrets(contract: PulledContract, secrets: readonly Secret[]): Redacted {
  const texts = searchableSecrets(secrets.map((secret) => secret.text));
  if (texts.length === 0) return { contract, replaced: 0, sources: [], collisions: [] };
  const sourcesOf = (text: string) => [
    ...new Set(secrets.filter((s) => containsSecret(text, [s.text])).map((s) => s.source)),
  ];
  const mask = (text: string) => maskText(text, texts).text;
  let replaced = 0;
  const sources = new Set<string>();
  const collisions: SecretCollision[] = [];

  const collide = (text: string, path: readonly string[], inKey: boolean): void => {
    const place = describePlace(contract, path, inKey, mask);
    for (const source of sourcesOf(text)) collisions.push({ source, place });
  };
  // One path, pushed and popped as the walk goes: copying it at every level would cost the
  // square of the depth on a deeply nested schema.
  const path: string[] = [];
  const walk = (value: unknown, prose: boolean, keysAreNames: boolean): unknown => {
    if (typeof value === "string") {
      if (!containsSecret(value, texts)) return value;
      if (!prose) {
        collide(value, path, false);
        return value;
      }
      for (const source of sourcesOf(value)) sources.add(source);
      const masked = maskText(value, texts);
      replaced += masked.replaced;
      return masked.text;
    }
    if (Array.isArray(value)) {
      return value.map((item, index) => {
        path.push(String(index));
        const walked = walk(item, prose, false);
        path.pop();
        return walked;
      });
    }
    if (typeof value !== "object" || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      path.push(key);
      if (containsSecret(key, texts)) collide(key, path, true);
      const childProse = prose || (!keysAreNames && PROSE_KEYS.has(key));
      const childNames = !keysAreNames && NAME_MAPS.has(key);
      // defineProperty, so a key named "__proto__" stays a key.
      Object.defineProperty(copy, key, {
        value: walk(child, childProse, childNames),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      path.pop();
    }
    return copy;
  };
  const redacted = walk(contract, false, false) as PulledContract;
  return {
    contract: replaced === 0 ? contract : redacted,
    replaced,
    sources: [...sources],
    collisions,
  };
}

const KINDS: Readonly<Record<string, string>> = {
  tools: "tool",
  prompts: "prompt",
  resources: "resource",
  resourceTemplates: "resource template",
};

/** `a value of tool "get_x" at /inputSchema/properties/level/enum/0`, secrets masked. */
function describePlace(
  contract: PulledContract,
  path: readonly string[],
  inKey: boolean,
  mask: (text: string) => string,
): string {
  const pointer = (parts: readonly string[]) =>
    `/${parts.map((part) => mask(part).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
  const what = inKey ? "a key" : "a value";
  const [list, index, ...rest] = path;
  const kind = list === undefined ? undefined : KINDS[list];
  if (kind === undefined || index === undefined) {
    return `${what} of the server's contract at ${pointer(path)}`;
  }
  const entries = (contract as unknown as Record<string, ReadonlyArray<{ name?: unknown }>>)[
    list!
  ]!;
  const name = entries[Number(index)]?.name;
  const label = typeof name === "string" ? ` ${JSON.stringify(mask(name))}` : "";
  return `${what} of ${kind}${label} at ${pointer(rest)}`;
}
