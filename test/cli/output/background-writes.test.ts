/**
 * Writing a new folder's files on a worker while the rest render (background-writes.ts): every
 * file it reports holds what it was handed; whatever is in its way, it takes back exactly what it
 * created and touches nothing else; a worker that cannot start or dies changes nothing.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { startBackgroundWrites } from "../../../cli/output/background-writes.js";
import type { OutputFile } from "../../../cli/output/output-files.js";

const TSX_WRITER = new URL("../../support/tsx-file-writer.mjs", import.meta.url);
const fixture = (name: string) => new URL(`../../fixtures/file-writers/${name}`, import.meta.url);

const temporary: string[] = [];
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), "mcp-background-"));
  temporary.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of temporary.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Every entry under `folder`, relative, `/`-separated, folders ending in `/`; links as `@`. */
function tree(folder: string, prefix = ""): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return [`${prefix}${name}@`];
      if (stat.isDirectory()) return [`${prefix}${name}/`, ...tree(path, `${prefix}${name}/`)];
      return [`${prefix}${name}=${readFileSync(path, "utf8")}`];
    });
}

function files(count: number): OutputFile[] {
  return Array.from({ length: count }, (_, i) => ({
    path: i % 3 === 0 ? `index-${i}.ts` : `tools/sub-${i % 2}/tool-${i}.ts`,
    content: `// @generated ${i}\nexport const value${i} = ${i};\n`,
  }));
}

describe("background writes", () => {
  it("creates a missing folder, the folders above it, and every file it is handed", async () => {
    const base = scratch();
    const root = join(base, "src", "mcp");
    const writes = startBackgroundWrites(root, { entry: TSX_WRITER });
    expect(writes).toBeDefined();
    const handed = files(40);
    for (const file of handed) writes!.write(file);
    const created = await writes!.finish();
    expect([...created].sort()).toEqual(handed.map((file) => file.path).sort());
    for (const file of handed) {
      expect(readFileSync(join(root, ...file.path.split("/")), "utf8")).toBe(file.content);
    }
  });

  it("writes beside a lone snapshot, and stays out of a folder that holds anything else", async () => {
    const root = scratch();
    writeFileSync(join(root, "mcp.snapshot.json"), "{}");
    const writes = startBackgroundWrites(root, { entry: TSX_WRITER });
    expect(writes).toBeDefined();
    writes!.write({ path: "tools/a.ts", content: "a" });
    expect([...(await writes!.finish())]).toEqual(["tools/a.ts"]);

    const used = scratch();
    writeFileSync(join(used, "index.ts"), "// mine");
    expect(startBackgroundWrites(used, { entry: TSX_WRITER })).toBeUndefined();
    const notAFolder = join(scratch(), "file");
    writeFileSync(notAFolder, "x");
    expect(startBackgroundWrites(notAFolder, { entry: TSX_WRITER })).toBeUndefined();
  });

  it("takes back everything when the run fails, and leaves the folders it found", async () => {
    const base = scratch();
    const root = join(base, "deep", "out");
    const writes = startBackgroundWrites(root, { entry: TSX_WRITER })!;
    for (const file of files(20)) writes.write(file);
    await writes.discard();
    expect(tree(base)).toEqual([]);
  });

  it("gives up at the first thing in its way and takes back only what it created", async () => {
    const root = scratch();
    const writes = startBackgroundWrites(root, { entry: TSX_WRITER })!;
    // Appeared after the run began: a user's file where a generated one goes.
    mkdirSync(join(root, "tools", "sub-1"), { recursive: true });
    writeFileSync(join(root, "tools", "sub-1", "tool-7.ts"), "// the user's");
    for (const file of files(20)) writes.write(file);
    expect((await writes.finish()).size).toBe(0);
    expect(tree(root)).toEqual(["tools/", "tools/sub-1/", "tools/sub-1/tool-7.ts=// the user's"]);
  });

  it("changes nothing when the worker cannot start", async () => {
    const root = join(scratch(), "out");
    const writes = startBackgroundWrites(root, { entry: fixture("throws-on-load.mjs") })!;
    for (const file of files(5)) writes.write(file);
    expect((await writes.finish()).size).toBe(0);
    expect(existsSync(root)).toBe(false);
  });

  it("takes back by content what a worker that died had created", async () => {
    const base = scratch();
    const root = join(base, "out");
    const writes = startBackgroundWrites(root, { entry: fixture("writes-then-dies.mjs") })!;
    const handed = files(40);
    for (const file of handed) writes.write(file);
    expect((await writes.finish()).size).toBe(0);
    // Files go; folders stay, since a dead worker cannot say which were its own.
    expect(tree(base).filter((entry) => !entry.endsWith("/"))).toEqual([]);
  });

  it("is not started where its module is missing (TypeScript sources)", () => {
    const missing = new URL("./no-such-writer.js", import.meta.url);
    expect(startBackgroundWrites(join(scratch(), "out"), { entry: missing })).toBeUndefined();
  });
});

/** What a folder may hold, or have put in it, while the worker writes. */
type Planted = "user file" | "file for folder" | "link for folder" | "folder for file";

describe("background writes against whatever appears in the folder (property)", () => {
  const PATHS = ["a.ts", "b/c.ts", "b/d.ts", "b/e/f.ts", "g/h.ts"];
  const FOLDERS = ["b", "b/e", "g"];

  it("either reports every file, holding its text, or leaves exactly what it found", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...PATHS), { minLength: 1 }),
        fc.dictionary(
          fc.constantFrom(...PATHS, ...FOLDERS),
          fc.constantFrom<Planted>(
            "user file",
            "file for folder",
            "link for folder",
            "folder for file",
          ),
          { maxKeys: 2 },
        ),
        fc.boolean(),
        async (wanted, planted, rootExists) => {
          const base = scratch();
          const root = join(base, "out");
          const outside = join(base, "outside");
          mkdirSync(outside);
          if (rootExists) mkdirSync(root);
          const writes = startBackgroundWrites(root, { entry: TSX_WRITER })!;
          // Planted after the run began, where the plan did not see it.
          for (const [path, what] of Object.entries(planted)) {
            const at = join(root, ...path.split("/"));
            try {
              mkdirSync(join(at, ".."), { recursive: true });
              if (what === "link for folder") symlinkSync(outside, at);
              else if (what === "folder for file") mkdirSync(at, { recursive: true });
              else writeFileSync(at, `planted ${path}`);
            } catch {
              // Two plants that cannot both be (a file where the other needs a folder).
            }
          }
          const before = tree(base);
          // A plant may itself go through the link (a user file below a linked folder).
          const outsideBefore = tree(outside);
          const handed = wanted.map((path) => ({ path, content: `generated ${path}` }));
          for (const file of handed) writes.write(file);
          const created = await writes.finish();
          // Nothing the writer does goes through the link.
          expect(tree(outside)).toEqual(outsideBefore);
          if (created.size === 0) {
            expect(tree(base)).toEqual(before);
            return;
          }
          expect([...created].sort()).toEqual([...wanted].sort());
          for (const file of handed) {
            expect(readFileSync(join(root, ...file.path.split("/")), "utf8")).toBe(file.content);
          }
          // What was planted is still there, as it was.
          const after = tree(base);
          for (const entry of before) expect(after).toContain(entry);
        },
      ),
      { numRuns: 60 },
    );
  });
});
