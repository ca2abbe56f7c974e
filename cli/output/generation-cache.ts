/**
 * The cache that makes an unchanged regeneration cheap: formatted modules keyed by everything
 * that shapes them, kept in `node_modules/.cache/mcp-codegen/` (the convention other build tools
 * follow, so it is ignored by git and cleared with node_modules). A corrupt or missing cache is
 * just empty; the cache never changes what is generated, only how fast.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CachedModule, GenerationCache } from "../../templates/index.js";
import { generatorFingerprint } from "./generator-fingerprint.js";

export interface FileCache extends GenerationCache {
  /** Writes the entries used in this run (dropping stale ones) if anything changed. */
  save(): Promise<void>;
}

export async function openGenerationCache(
  outDir: string,
  cwd: string = process.cwd(),
): Promise<FileCache> {
  const id = createHash("sha256").update(outDir).digest("hex").slice(0, 16);
  const file = join(cwd, "node_modules", ".cache", "mcp-codegen", `${id}.json`);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof parsed === "object" && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // No cache yet, or an unreadable one: start empty.
  }
  const used = new Map<string, CachedModule>();
  const salt = await generatorFingerprint();
  let changed = false;
  return {
    get(key) {
      const salted = `${salt}:${key}`;
      const value = Object.hasOwn(stored, salted) ? stored[salted] : undefined;
      // An entry of another shape (an older cache, a hand edit) is a miss, never a wrong module.
      if (!isCachedModule(value)) return undefined;
      used.set(salted, value);
      return value;
    },
    set(key, module) {
      used.set(`${salt}:${key}`, module);
      changed = true;
    },
    async save() {
      if (!changed && used.size === Object.keys(stored).length) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        // An exclusive create with an unguessable name never follows a link planted at the
        // temporary path; the rename replaces the cache entry itself, never a link's target.
        const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
        writeFileSync(temporary, JSON.stringify(Object.fromEntries(used)), { flag: "wx" });
        renameSync(temporary, file);
      } catch {
        // A read-only or missing node_modules only costs speed next time.
      }
    },
  };
}

function isCachedModule(value: unknown): value is CachedModule {
  if (typeof value !== "object" || value === null) return false;
  const { content, warnings } = value as Record<string, unknown>;
  return (
    typeof content === "string" &&
    Array.isArray(warnings) &&
    warnings.every(
      (warning: unknown) =>
        typeof warning === "object" &&
        warning !== null &&
        ["subject", "pointer", "message"].every(
          (field) => typeof (warning as Record<string, unknown>)[field] === "string",
        ),
    )
  );
}
