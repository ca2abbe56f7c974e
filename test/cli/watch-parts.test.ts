/**
 * The parts of the watch that decide, tested alone: which file of a command line is a stdio
 * server's source (entry-file.ts), and that runs of one server never overlap yet always follow
 * the last change (serial-runs.ts).
 */
import { mkdir } from "node:fs/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryPaths, findEntryFile } from "../../cli/watch/entry-file.js";
import { createSerialRuns } from "../../cli/watch/serial-runs.js";
import { createTempProject, type TempProject } from "../support/cli-run.js";

describe("the entry file of a stdio server's command line", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject("watch-entry");
    await project.write("src/server.ts", "");
    await project.write("run.sh", "");
    await project.write("config.json", "{}");
    await project.write("node_modules/some-server/index.js", "");
    // A folder named like a loader: only files count.
    await mkdir(project.path("tsx"));
  });
  afterAll(() => project.remove());

  it("is the first argument naming a file, watched with its folder", async () => {
    const args = ["--import", "tsx", "src/server.ts", "config.json"];
    expect(await entryPaths("node", args, project.dir)).toEqual([
      project.path("src/server.ts"),
      project.path("src"),
    ]);
  });

  it("skips an absolute program (the interpreter) but takes a relative one", async () => {
    expect(await findEntryFile(process.execPath, ["config.json"], project.dir)).toBe(
      project.path("config.json"),
    );
    expect(await findEntryFile("./run.sh", ["config.json"], project.dir)).toBe(
      project.path("run.sh"),
    );
  });

  it("is none for a dependency's file or a command line naming no file", async () => {
    expect(await entryPaths("node", ["node_modules/some-server/index.js"], project.dir)).toEqual(
      [],
    );
    expect(await entryPaths("npx", ["-y", "@scope/server", "tsx"], project.dir)).toEqual([]);
  });

  it("is an existing file or none, whatever the arguments (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), async (args) => {
        const entry = await findEntryFile("node", args, project.dir);
        const files = ["src/server.ts", "run.sh", "config.json"];
        const candidates = files.map((file) => project.path(file));
        expect(entry === undefined || candidates.includes(entry)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("serialized runs", () => {
  it("never overlap for one key, and a run always starts after the last request (property)", async () => {
    const key = fc.constantFrom("a", "b");
    const step = fc.oneof(
      fc.record({ op: fc.constant("request" as const), key }),
      fc.record({ op: fc.constant("finish" as const), key }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const going = new Map<string, number>();
        const finishers = new Map<string, Array<() => void>>([
          ["a", []],
          ["b", []],
        ]);
        const starts = new Map<string, number[]>([
          ["a", []],
          ["b", []],
        ]);
        const lastRequest = new Map<string, number>();
        let now = 0;
        const runs = createSerialRuns((runKey) => {
          going.set(runKey, (going.get(runKey) ?? 0) + 1);
          expect(going.get(runKey)).toBe(1);
          starts.get(runKey)!.push(now);
          return new Promise<void>((resolve) =>
            finishers.get(runKey)!.push(() => {
              going.set(runKey, going.get(runKey)! - 1);
              resolve();
            }),
          );
        });
        // A turn of the event loop: what a finished run queued has started.
        const settle = () => new Promise((resolve) => setImmediate(resolve));
        for (const [index, { op, key: stepKey }] of steps.entries()) {
          now = index;
          if (op === "request") {
            runs.request(stepKey);
            lastRequest.set(stepKey, index);
          } else finishers.get(stepKey)!.shift()?.();
          await settle();
        }
        now = steps.length;
        while ([...finishers.values()].some((list) => list.length > 0)) {
          for (const list of finishers.values()) list.shift()?.();
          await settle();
        }
        for (const [requested, at] of lastRequest) {
          expect(starts.get(requested)!.some((start) => start >= at)).toBe(true);
          // At most one run per request: requests during a run fold into one.
          const requests = steps.filter((s) => s.op === "request" && s.key === requested).length;
          expect(starts.get(requested)!.length).toBeLessThanOrEqual(requests);
        }
        await runs.drain();
      }),
      { numRuns: 200 },
    );
  });

  it("starts nothing after drain and waits for the runs going", async () => {
    let finish = () => {};
    let started = 0;
    const runs = createSerialRuns(() => {
      started += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    runs.request("a");
    runs.request("a");
    let drained = false;
    const draining = runs.drain().then(() => (drained = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    finish();
    await draining;
    runs.request("a");
    expect(started).toBe(1);
  });
});
