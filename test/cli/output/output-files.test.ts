/**
 * `writeOutput` over random folder layouts: user files, files another run generated, a previous
 * snapshot with or without (and with hostile) file lists, links to files and folders outside.
 * Whatever the layout, it either refuses with exit 2 having changed nothing, or it changes only
 * what it owns: the files it generates (where nothing foreign was) and the generated files its
 * previous snapshot listed. Nothing outside the folder ever changes.
 */
import { lstat, mkdir, readFile, readdir, readlink, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError } from "../../../cli/terminal/exit-codes.js";
import { writeOutput, type OutputFile } from "../../../cli/output/output-files.js";
import { GENERATED_MARKER } from "../../../templates/header.js";
import { createTempProject, type TempProject } from "../../support/cli-run.js";

const PATHS = [
  "index.ts",
  "tools/a.ts",
  "tools/b.ts",
  "prompts/p.ts",
  "child/index.ts",
  "child/tools/a.ts",
  "notes.md",
] as const;
const SNAPSHOT = "mcp.snapshot.json";

type Entry = "user" | "generated" | "link-file" | "link-folder";

interface Layout {
  entries: Partial<Record<(typeof PATHS)[number], Entry>>;
  /** The previous snapshot's `files`; undefined: no snapshot; null: one without a list. */
  listed: string[] | null | undefined;
  wanted: Array<(typeof PATHS)[number]>;
  toolsIsLink: boolean;
}

const layoutArbitrary: fc.Arbitrary<Layout> = fc.record({
  entries: fc.dictionary(
    fc.constantFrom(...PATHS),
    fc.constantFrom<Entry>("user", "generated", "link-file", "link-folder"),
  ) as fc.Arbitrary<Layout["entries"]>,
  listed: fc.option(
    fc.option(
      fc.uniqueArray(fc.constantFrom(...PATHS, "../outside/victim.ts", "/etc/passwd", "a//b.ts"), {
        maxLength: 6,
      }),
      { nil: null },
    ),
    { nil: undefined },
  ),
  wanted: fc.uniqueArray(fc.constantFrom(...PATHS.filter((p) => p.endsWith(".ts"))), {
    maxLength: 5,
  }),
  toolsIsLink: fc.boolean(),
});

/** Every entry under `root` without following links: file text, link target or folder. */
async function capture(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  async function walk(dir: string, prefix: string): Promise<void> {
    for (const name of (await readdir(dir)).sort()) {
      const path = join(dir, name);
      const key = `${prefix}${name}`;
      const stats = await lstat(path);
      if (stats.isSymbolicLink()) found[key] = `link:${await readlink(path)}`;
      else if (stats.isDirectory()) {
        found[key] = "folder";
        await walk(path, `${key}/`);
      } else found[key] = `file:${await readFile(path, "utf8")}`;
    }
  }
  await walk(root, "");
  return found;
}

let project: TempProject;
let runs = 0;

beforeAll(async () => {
  project = await createTempProject("output-files");
});
afterAll(() => project.remove());

async function plant(root: string, outside: string, layout: Layout): Promise<void> {
  await mkdir(root, { recursive: true });
  if (layout.toolsIsLink) await symlink(outside, join(root, "tools"));
  for (const [path, entry] of Object.entries(layout.entries)) {
    if (layout.toolsIsLink && path.startsWith("tools/")) continue;
    const full = join(root, path);
    await mkdir(dirname(full), { recursive: true });
    if (entry === "user") await writeFile(full, `user's own ${path}\n`);
    if (entry === "generated") await writeFile(full, `${GENERATED_MARKER} earlier ${path}\n`);
    if (entry === "link-file") await symlink(join(outside, "victim.ts"), full);
    if (entry === "link-folder") await symlink(outside, full);
  }
  if (layout.listed !== undefined) {
    const files = layout.listed === null ? {} : { files: layout.listed };
    await writeFile(join(root, SNAPSHOT), JSON.stringify({ formatVersion: 1, ...files }));
  }
}

describe("writeOutput over random layouts", () => {
  it("changes nothing it does not own, and refuses atomically", async () => {
    await fc.assert(
      fc.asyncProperty(layoutArbitrary, async (layout) => {
        const base = project.path(`run-${runs++}`);
        const root = join(base, "out");
        const outside = join(base, "outside");
        await mkdir(outside, { recursive: true });
        await writeFile(join(outside, "victim.ts"), `${GENERATED_MARKER} not yours\n`);
        await plant(root, outside, layout);
        const beforeOutside = await capture(outside);
        const before = await capture(root);
        const files: OutputFile[] = [
          ...layout.wanted.map((path) => ({ path, content: `${GENERATED_MARKER} new ${path}\n` })),
          { path: SNAPSHOT, content: `{ "formatVersion": 1, "files": [] }\n` },
        ];
        let refused = false;
        try {
          await writeOutput(root, files);
        } catch (error) {
          expect(error).toBeInstanceOf(CliError);
          expect((error as CliError).exitCode).toBe(2);
          refused = true;
        }
        expect(await capture(outside)).toEqual(beforeOutside);
        const after = await capture(root);
        if (refused) {
          expect(after).toEqual(before);
          return;
        }
        const wanted = new Set(files.map((file) => file.path));
        const listed = new Set(layout.listed ?? []);
        for (const [path, was] of Object.entries(before)) {
          if (was === "folder") continue;
          const now = after[path];
          if (wanted.has(path)) {
            // Overwritten only if it was generated (or identical); never a link, never a user's.
            expect(was.startsWith("link:")).toBe(false);
            if (now !== was)
              expect(was.startsWith(`file:${GENERATED_MARKER}`) || path === SNAPSHOT).toBe(true);
          } else if (now !== was) {
            expect(now).toBeUndefined();
            expect(listed.has(path) && was.startsWith(`file:${GENERATED_MARKER}`)).toBe(true);
          }
        }
        for (const file of files) expect(after[file.path]).toBe(`file:${file.content}`);
      }),
      { numRuns: 150 },
    );
  });
});
