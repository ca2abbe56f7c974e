/**
 * `generate` with nothing to do (cli/output/unchanged-run.ts): it answers from the record of the last
 * run, exactly as a full run would (warnings, `--strict`, the summary), and only while every file
 * is as that run left it; any change to the folder takes the full path again.
 */
import { readFile, readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKey, unchangedRun } from "../../../cli/output/unchanged-run.js";
import { serializeSnapshot } from "../../../templates/snapshot.js";
import { toolsSnapshot } from "../../support/tools-snapshot.js";
import type { Tool } from "../../../runtime/protocol/types.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";

const OUT = "mcp/odd";
const tools: Tool[] = [
  { name: "plain", inputSchema: { type: "object", properties: { city: { type: "string" } } } },
  // An old dialect: typed as unknown, with a warning.
  { name: "old", inputSchema: { $schema: "http://json-schema.org/draft-03/schema#" } } as Tool,
];

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject("unchanged-run");
  const snapshot = toolsSnapshot("odd", tools);
  await project.write(`${OUT}/mcp.snapshot.json`, serializeSnapshot(snapshot));
});
afterEach(() => project.remove());

const generate = (...flags: string[]) =>
  runCliCaptured(["generate", "--out", OUT, ...flags], project.dir);

async function recorded(): Promise<boolean> {
  return (await unchangedRun(project.path(OUT), project.dir, await runKey())) !== undefined;
}

describe("generate with nothing to do", () => {
  it("answers from the record with the full run's warnings and an all-unchanged summary", async () => {
    const first = await generate();
    expect(first.code).toBe(0);
    expect(await recorded()).toBe(true);
    const second = await generate();
    expect(second.code).toBe(0);
    expect(second.stderr).toBe(first.stderr);
    expect(second.stderr).toMatch(/tool "old".*unsupported JSON Schema dialect/);
    expect(linesOf(second.stdout)).toEqual([
      `${OUT}/mcp.snapshot.json: 6 files → ${project.path(OUT)} (0 written, 6 unchanged)`,
    ]);
  });

  it("fails under --strict as the full run does", async () => {
    const full = await generate("--strict");
    expect((await generate()).code).toBe(0);
    expect(await recorded()).toBe(true);
    const replayed = await generate("--strict");
    expect(full.code).toBe(4);
    expect(replayed.code).toBe(4);
    expect(replayed.stderr).toBe(full.stderr);
  });

  it("takes the full path for a file edited, touched, removed or replaced by a link", async () => {
    expect((await generate()).code).toBe(0);
    const file = project.path(OUT, "tools/plain.ts");
    const original = await readFile(file, "utf8");

    await writeFile(file, original.replace("city", "town"));
    expect(await recorded()).toBe(false);
    expect((await generate()).stdout).toMatch(/\(1 written, 5 unchanged\)/);
    expect(await readFile(file, "utf8")).toBe(original);

    await utimes(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(await recorded()).toBe(false);
    expect((await generate()).stdout).toMatch(/\(0 written, 6 unchanged\)/);
    expect(await recorded()).toBe(true);

    await rm(file);
    expect((await generate()).stdout).toMatch(/\(1 written, 5 unchanged\)/);

    await rm(file);
    await symlink(project.path(OUT, "index.ts"), file);
    const blocked = await generate();
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toMatch(/link/);
  });

  it("rewrites a file edited within the clock tick of the run that recorded it", async () => {
    expect((await generate()).code).toBe(0);
    const file = project.path(OUT, "tools/plain.ts");
    const original = await readFile(file, "utf8");
    // A time not yet past when the run records: as on a file system whose clock ticks coarsely
    // (a jiffy, a second, two on FAT), where the file's time equals the tick the record is made in.
    const tick = new Date(Date.now() + 3_600_000);
    await utimes(file, tick, tick);
    expect((await generate()).stdout).toMatch(/\(0 written, 6 unchanged\)/);
    // Untouched since, it still takes the shortcut (its bytes are checked, not just its time).
    expect(await recorded()).toBe(true);

    // An edit in the same tick keeps the size and the time: only the bytes tell.
    await writeFile(file, original.replace("city", "town"));
    await utimes(file, tick, tick);
    expect(await recorded()).toBe(false);
    expect((await generate()).stdout).toMatch(/\(1 written, 5 unchanged\)/);
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("does not let a file dated in the future make the others look settled", async () => {
    expect((await generate()).code).toBe(0);
    const future = project.path(OUT, "index.ts");
    const file = project.path(OUT, "tools/plain.ts");
    const original = await readFile(file, "utf8");
    // An unpacked archive or another machine's clock: later than anything the run wrote.
    const later = new Date(Date.now() + 7_200_000);
    await utimes(future, later, later);
    // A tick the file system's clock has not reached yet when the run records.
    const tick = new Date(Date.now() + 3_600_000);
    await utimes(file, tick, tick);
    expect((await generate()).stdout).toMatch(/\(0 written, 6 unchanged\)/);

    await writeFile(file, original.replace("city", "town"));
    await utimes(file, tick, tick);
    expect(await recorded()).toBe(false);
    expect((await generate()).stdout).toMatch(/\(1 written, 5 unchanged\)/);
  });

  it("takes the full path when the snapshot changed", async () => {
    expect((await generate()).code).toBe(0);
    const path = project.path(OUT, "mcp.snapshot.json");
    const snapshot = JSON.parse(await readFile(path, "utf8")) as { tools: Tool[] };
    snapshot.tools = snapshot.tools.filter((tool) => tool.name === "plain");
    await writeFile(path, JSON.stringify(snapshot, null, 2));
    const run = await generate();
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/5 files .*removed 1 stale/);
  });

  it("takes the full path for a snapshot edited within the clock tick, keeping its size", async () => {
    expect((await generate()).code).toBe(0);
    const path = project.path(OUT, "mcp.snapshot.json");
    const tick = new Date(Date.now() + 3_600_000);
    await utimes(path, tick, tick);
    expect((await generate()).stdout).toMatch(/\(0 written, 6 unchanged\)/);
    expect(await recorded()).toBe(true);

    // Same size, same time: only the snapshot's bytes tell that its tool now takes a town.
    const text = await readFile(path, "utf8");
    await writeFile(path, text.replace('"city"', '"town"'));
    await utimes(path, tick, tick);
    expect(await recorded()).toBe(false);
    expect((await generate()).stdout).toMatch(/\(1 written, 5 unchanged\)/);
    expect(await readFile(project.path(OUT, "tools/plain.ts"), "utf8")).toContain("town");
  });

  it("takes the full path when the record does not list the snapshot", async () => {
    expect((await generate()).code).toBe(0);
    const [record] = (await readdir(project.path("node_modules/.cache/mcp-codegen"))).filter(
      (name) => name.endsWith(".run.json"),
    );
    const file = project.path("node_modules/.cache/mcp-codegen", record!);
    const run = JSON.parse(await readFile(file, "utf8")) as { files: [string, ...unknown[]][] };
    run.files = run.files.filter(([path]) => path !== "mcp.snapshot.json");
    await writeFile(file, JSON.stringify(run));
    expect(await recorded()).toBe(false);
  });
});
