import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRenderPool,
  workerCount,
  type RenderPool,
  type RenderPoolOptions,
} from "../../../cli/output/render-pool.js";
import { checkEntries } from "../../../templates/contract-entries.js";
import {
  generateOutput,
  type CachedModule,
  type GeneratedFile,
} from "../../../templates/generate.js";
import { createSnapshot, type Snapshot } from "../../../templates/snapshot.js";
import { hostileCatalog, type HostileCatalog } from "../../support/hostile-catalog.js";
import { syntheticSnapshot } from "../../bench/synthetic-snapshot.js";

const TSX_WORKER = new URL("../../support/tsx-render-worker.mjs", import.meta.url);
const fixture = (name: string) => new URL(`../../fixtures/render-workers/${name}`, import.meta.url);

/** A snapshot of hostile catalogs put together, plus `synthetic` tools of the benchmark's kind. */
function catalog(parts: readonly HostileCatalog[], synthetic: number): Snapshot {
  const list = <K extends "tools" | "prompts" | "resources" | "resourceTemplates">(key: K) =>
    checkEntries(
      key,
      parts.flatMap((part) => part[key]),
    ).kept;
  return createSnapshot({
    name: "catalog",
    server: { name: "catalog", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {}, prompts: {}, resources: {} },
    clientCapabilities: {},
    tools: [...list("tools"), ...syntheticSnapshot(synthetic).tools],
    prompts: list("prompts"),
    resources: list("resources"),
    resourceTemplates: list("resourceTemplates"),
  });
}

function render(snapshot: Snapshot, pool?: RenderPool, onFile?: (file: GeneratedFile) => void) {
  return generateOutput(snapshot, {
    generatorVersion: "1.0.0",
    ...(pool === undefined ? {} : { renderer: pool.render }),
    ...(onFile === undefined ? {} : { onFile }),
  });
}

/**
 * Renders with `onFile` and checks what it was told: every module once, as it ends up in the
 * files; never the snapshot, which lists the files and so comes last.
 */
async function renderTold(snapshot: Snapshot, pool?: RenderPool) {
  // Recorded, not asserted, in the callback: it runs inside the pool's message handling.
  const told: Array<[string, string]> = [];
  const result = await render(snapshot, pool, (file) => told.push([file.path, file.content]));
  const modules = result.files.filter((file) => file.path !== "mcp.snapshot.json");
  const byPath = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : 1);
  const wanted = modules.map((file): [string, string] => [file.path, file.content]);
  expect(told.sort(byPath)).toEqual(wanted.sort(byPath));
  return result;
}

/** A pool that renders every run on its workers (no threshold), in small chunks. */
function pool(options: RenderPoolOptions): RenderPool {
  return createRenderPool({ minJobs: 0, minColdJobs: 0, chunkSize: 2, ...options });
}

const pools: RenderPool[] = [];
function opened(options: RenderPoolOptions): RenderPool {
  const made = pool(options);
  pools.push(made);
  return made;
}
afterAll(() => Promise.all(pools.map((made) => made.close())));

describe("workerCount", () => {
  it("runs one worker per core beyond three, none on three cores or fewer, at most three", () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => workerCount(cores))).toEqual([
      0, 0, 0, 1, 2, 3, 3,
    ]);
  });
});

describe("rendering on worker threads", () => {
  const byWorkers = new Map<number, RenderPool>();

  beforeAll(async () => {
    for (const workers of [0, 1, 2]) {
      const made = opened({ workers, entry: TSX_WORKER });
      // Ready before the property runs, so the workers take part from its first catalog.
      expect(await made.warm()).toBe(workers);
      byWorkers.set(workers, made);
    }
  }, 60_000);

  it("gives the same files and warnings, in the same order, with 0, 1 and 2 workers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileCatalog, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        async (parts, synthetic) => {
          const snapshot = catalog(parts, synthetic);
          const alone = await render(snapshot);
          expect(await renderTold(snapshot)).toEqual(alone);
          for (const made of byWorkers.values()) {
            expect(await render(snapshot, made)).toEqual(alone);
            expect(await renderTold(snapshot, made)).toEqual(alone);
          }
        },
      ),
      { numRuns: 12 },
    );
    // Not vacuous: the workers rendered chunks, and so did this thread.
    expect(byWorkers.get(0)!.chunks.workers).toBe(0);
    expect(byWorkers.get(1)!.chunks.workers).toBeGreaterThan(0);
    expect(byWorkers.get(2)!.chunks.workers).toBeGreaterThan(0);
    expect(byWorkers.get(2)!.chunks.here).toBeGreaterThan(0);
  }, 120_000);

  it("serves cache hits here, renders misses on the workers, saves entries as without them", async () => {
    const snapshot = catalog([], 40);
    const recorded = () => {
      const entries: Array<[string, CachedModule]> = [];
      const stored = new Map<string, CachedModule>();
      return {
        entries,
        cache: {
          get: (key: string) => stored.get(key),
          set: (key: string, module: CachedModule) => {
            entries.push([key, module]);
            stored.set(key, module);
          },
        },
      };
    };
    const alone = recorded();
    await generateOutput(snapshot, { generatorVersion: "1.0.0", cache: alone.cache });
    const withWorkers = recorded();
    const made = byWorkers.get(1)!;
    const before = made.chunks.workers;
    const first = await generateOutput(snapshot, {
      generatorVersion: "1.0.0",
      cache: withWorkers.cache,
      renderer: made.render,
    });
    expect(withWorkers.entries).toEqual(alone.entries);
    expect(made.chunks.workers).toBeGreaterThan(before);
    // Warm: nothing is rendered anywhere, the renderer is not even asked; every hit is told.
    const asked: number[] = [];
    const told: string[] = [];
    const second = await generateOutput(snapshot, {
      generatorVersion: "1.0.0",
      cache: withWorkers.cache,
      renderer: (header, jobs, format) => {
        asked.push(jobs.length);
        return made.render(header, jobs, format);
      },
      onFile: (file) => told.push(file.path),
    });
    expect(asked).toEqual([]);
    expect(told.sort()).toEqual(
      second.files.map((file) => file.path).filter((path) => path !== "mcp.snapshot.json"),
    );
    expect(second).toEqual(first);
    expect(withWorkers.entries).toHaveLength(alone.entries.length);
  }, 60_000);
});

describe("how many jobs are worth workers", () => {
  it("starts none for fewer than minColdJobs, and uses warmed ones from minJobs", async () => {
    const snapshot = catalog([], 6);
    const made = opened({ workers: 1, entry: TSX_WORKER, minJobs: 4, minColdJobs: 8 });
    const alone = await render(snapshot);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks).toEqual({ workers: 0, here: 0 });
    expect(await made.warm()).toBe(1);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks.workers + made.chunks.here).toBe(3);
  }, 60_000);
});

describe("when workers fail", () => {
  const snapshot = catalog([], 24);
  let alone: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    alone = await render(snapshot);
  });

  it("renders here when the worker module is missing (running from sources)", async () => {
    const made = opened({ workers: 2 });
    expect(await made.warm()).toBe(0);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks.workers).toBe(0);
  });

  it("renders here when a worker cannot start, and does not try again", async () => {
    const made = opened({ workers: 1, entry: fixture("throws-on-load.mjs") });
    expect(await made.warm()).toBe(0);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(await made.warm()).toBe(0);
    expect(made.chunks.workers).toBe(0);
  });

  it("renders a dead worker's chunks here", async () => {
    const made = opened({ workers: 2, entry: fixture("exits-on-first-chunk.mjs") });
    expect(await made.warm()).toBe(2);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks).toEqual({ workers: 0, here: 12 });
  });

  it("renders a hung worker's chunks here after the stall limit", async () => {
    const made = opened({ workers: 1, entry: fixture("never-answers.mjs"), stallMs: 200 });
    expect(await made.warm()).toBe(1);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks).toEqual({ workers: 0, here: 12 });
  });

  it("renders here the chunks of workers closed during a run", async () => {
    const made = opened({ workers: 1, entry: fixture("never-answers.mjs") });
    expect(await made.warm()).toBe(1);
    const rendering = render(snapshot, made);
    await made.close();
    expect(await rendering).toEqual(alone);
    expect(made.chunks).toEqual({ workers: 0, here: 12 });
  });

  it("renders here a chunk that failed in a worker", async () => {
    const made = opened({ workers: 1, entry: fixture("fails-every-chunk.mjs") });
    expect(await made.warm()).toBe(1);
    expect(await render(snapshot, made)).toEqual(alone);
    expect(made.chunks).toEqual({ workers: 0, here: 12 });
  });
});

describe("the process", () => {
  const run = promisify(execFile);
  const script = (body: string) => [
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    `import { createRenderPool } from ${JSON.stringify(new URL("../../../cli/output/render-pool.ts", import.meta.url).href)};
     const pool = createRenderPool({ workers: 2, entry: new URL(${JSON.stringify(TSX_WORKER.href)}), idleMs: 600_000 });
     // warm() holds nothing alive by design: a timer waits for it here, and is then cleared.
     const waiting = setInterval(() => undefined, 1000);
     const ready = await pool.warm();
     clearInterval(waiting);
     ${body}`,
  ];

  it("exits with a warmed pool that is never used", async () => {
    const { stdout } = await run(process.execPath, script(`console.log(ready);`), {
      timeout: 30_000,
    });
    // Ended on its own: idle workers held nothing, without any close().
    expect(stdout.trim()).toBe("2");
  }, 40_000);

  it("stays alive while only the workers are working", async () => {
    // Nothing but the workers' replies is pending during the render: were they unref'd then,
    // the process would end with the top-level await unsettled (exit 13) and print nothing.
    const { stdout } = await run(
      process.execPath,
      script(`
        const { generateOutput } = await import(${JSON.stringify(new URL("../../../templates/generate.ts", import.meta.url).href)});
        const { syntheticSnapshot } = await import(${JSON.stringify(new URL("../../bench/synthetic-snapshot.ts", import.meta.url).href)});
        const { files } = await generateOutput(syntheticSnapshot(300), { generatorVersion: "1", renderer: pool.render });
        console.log(ready, files.length, pool.chunks.workers > 0);`),
      { timeout: 60_000 },
    );
    expect(stdout.trim()).toBe("2 304 true");
  }, 70_000);
});
