/**
 * The generation cache's keys cover everything a module depends on: after a change to a tool's
 * description, to one tool's needs, to the server's name, to the tool list or to an option every
 * tool is emitted with, a run served from the cache of the previous run gives exactly the files
 * of a run without a cache, and modules the change does not touch are served from the cache (so
 * the keys are not simply all new).
 */
import { describe, expect, it } from "vitest";
import {
  generateOutput,
  type CachedModule,
  type GenerationCache,
  type Snapshot,
} from "../../templates/index.js";
import { syntheticSnapshot } from "../bench/synthetic-snapshot.js";

/** A cache in memory that counts its hits. */
function memoryCache(): GenerationCache & { hits: number } {
  const entries = new Map<string, CachedModule>();
  const cache = {
    hits: 0,
    get(key: string) {
      const hit = entries.get(key);
      if (hit !== undefined) cache.hits += 1;
      return hit;
    },
    set(key: string, module: CachedModule) {
      entries.set(key, module);
    },
  };
  return cache;
}

const OPTIONS = { generatorVersion: "0.0.0-test" };

const changes: Array<[string, (snapshot: Snapshot) => Snapshot]> = [
  [
    "a tool's description",
    (s) => ({
      ...s,
      tools: s.tools.map((t, i) => (i === 3 ? { ...t, description: "Changed." } : t)),
    }),
  ],
  ["one tool's needs", (s) => ({ ...s, toolCapabilities: { [s.tools[5]!.name]: ["sampling"] } })],
  ["the server's name", (s) => ({ ...s, server: { ...s.server, name: "renamed-server" } })],
  ["the tool list", (s) => ({ ...s, tools: s.tools.slice(1) })],
  // Options every tool module is emitted with, besides its own needs.
  ["open input types", (s) => ({ ...s, codegen: { ...s.codegen, openInputTypes: true } })],
  [
    "the server's capabilities",
    (s) => ({
      ...s,
      capabilities: {
        ...s.capabilities,
        extensions: { "io.modelcontextprotocol/tasks": {} },
      },
    }),
  ],
];

describe("generation cache keys", () => {
  for (const [what, change] of changes) {
    it(`see a change to ${what}`, async () => {
      const before = syntheticSnapshot(12);
      const after = change(before);
      const cache = memoryCache();
      await generateOutput(before, { ...OPTIONS, cache });
      cache.hits = 0;
      const cached = await generateOutput(after, { ...OPTIONS, cache });
      const fresh = await generateOutput(after, OPTIONS);
      expect(cached.files).toEqual(fresh.files);
      expect(cached.warnings).toEqual(fresh.warnings);
      if (what !== "the server's name") expect(cache.hits).toBeGreaterThan(0);
    });
  }
});
