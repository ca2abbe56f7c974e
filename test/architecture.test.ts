import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Repository-relative paths (with `/`) of the `.ts` files under `folder`, at any depth. */
function sources(folder: string): string[] {
  const entries = readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.split("/").includes("dist"));
}

/** Where each relative import, export or `import()` of `file` points, repository-relative. */
function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) =>
      normalize(join(dirname(file), specifier))
        .split(sep)
        .join("/"),
    );
}

/** The runtime core: what ships to browsers and workers, free of Node and of the generator. */
const isCore = (file: string) => /^runtime\/(?!node\/|dist\/).+\.ts$/.test(file);

/**
 * The generator's doors for cli/: `index.ts`, and `light.ts`, which re-exports only what a command
 * needs before its first wait (connecting to a server), so the rest can load with `import()`
 * meanwhile (test/cli/commands/pull-start.test.ts). A room of cli/ or runtime/ may open a
 * `light.ts` door beside its `index.ts` for the same reason.
 */
const GENERATOR_DOORS: readonly string[] = ["templates/index.js", "templates/light.js"];

/** Each import that crosses a layer it may not, as `file → target`. */
function violations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const target of importsOf(file, text)) {
      const crosses =
        (isCore(file) && /^(runtime\/node|cli|templates)\//.test(target)) ||
        (file.startsWith("templates/") && target.startsWith("cli/")) ||
        (file.startsWith("cli/") &&
          target.startsWith("templates/") &&
          !GENERATOR_DOORS.includes(target));
      if (crosses) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

// [what, files, want]
const TABLE: readonly (readonly [string, Record<string, string>, string[]])[] = [
  [
    "the core importing Node code",
    { "runtime/http/a.ts": 'import { x } from "../node/stdio.js";' },
    ["runtime/http/a.ts → runtime/node/stdio.js"],
  ],
  [
    "the core importing the generator or the CLI",
    { "runtime/a.ts": 'export { x } from "../templates/naming.js";\nimport("../cli/main.js");' },
    ["runtime/a.ts → templates/naming.js", "runtime/a.ts → cli/main.js"],
  ],
  [
    "Node code importing the core",
    { "runtime/node/a.ts": 'import { x } from "../connect.js";' },
    [],
  ],
  [
    "the generator importing the CLI",
    { "templates/schema/a.ts": 'import type { X } from "../../cli/drift/index.js";' },
    ["templates/schema/a.ts → cli/drift/index.js"],
  ],
  [
    "the CLI past the generator's door",
    {
      "cli/drift/a.ts": 'import { scanDocument } from "../../templates/schema/scan.js";',
      "cli/b.ts": 'import { x } from "../templates/index.js";',
      "cli/pull/c.ts": 'import { y } from "../../templates/light.js";',
      "cli/pull/d.ts": 'import { z } from "../../templates/schema/light.js";',
    },
    ["cli/drift/a.ts → templates/schema/scan.js", "cli/pull/d.ts → templates/schema/light.js"],
  ],
];

/**
 * The folders of each package from the bottom layer up: a file may import from its own folder
 * and from folders before it, never from one after it. A new folder must be placed here.
 */
const LAYERS: Readonly<Record<"runtime" | "cli", readonly string[]>> = {
  runtime: [
    "basics",
    "protocol",
    "ai",
    "http",
    "auth",
    "transports",
    "input",
    "session",
    "eras",
    "listen",
    "tasks",
    "calls",
    "skills",
    "governance",
    "client",
    "generated",
    "code-mode",
    "zod",
    "testing",
    "node",
  ],
  cli: [
    "secrets",
    "terminal",
    "auth",
    "config",
    "registry",
    "output",
    "drift",
    "pull",
    "jobs",
    "init",
    "commands",
    "watch",
    "api",
  ],
};

/** Root files that may import past a folder's door: they choose what loads, and when. */
const DIRECT_ENTRIES = /^(runtime\/internal|cli\/[^/]+)\.ts$/;

/** The most source files directly in runtime/ or cli/ (entries only; the rest live in folders). */
const MAX_ROOT_FILES = 12;

/** `[package, folder]` of a file in a package folder, or undefined for a root file. */
function folderOf(file: string): [keyof typeof LAYERS, string] | undefined {
  const match = /^(runtime|cli)\/([^/]+)\//.exec(file);
  return match ? [match[1] as keyof typeof LAYERS, match[2] as string] : undefined;
}

/** Static relative imports and exports of `file` (not `import()`), repository-relative. */
function staticImportsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return source.statements
    .flatMap((statement) =>
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? [statement.moduleSpecifier.text]
        : [],
    )
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) =>
      normalize(join(dirname(file), specifier))
        .split(sep)
        .join("/"),
    );
}

/** The `.ts` file an import target (`x.js`, `x`, a folder) names among `files`, if any. */
function resolveIn(files: ReadonlySet<string>, target: string): string | undefined {
  const base = target.replace(/\.js$/, "");
  return [`${base}.ts`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** Imports that climb a layer, and imports into another folder past its door. */
function roomViolations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const names = new Set(files.keys());
  for (const [file, text] of files) {
    const from = folderOf(file);
    for (const raw of staticImportsOf(file, text)) {
      const target = resolveIn(names, raw) ?? raw.replace(/\.js$/, ".ts");
      const to = folderOf(target);
      if (!to || (from && from[0] === to[0] && from[1] === to[1])) continue;
      if (from && from[0] === to[0]) {
        const layers = LAYERS[to[0]];
        if (layers.indexOf(to[1]) > layers.indexOf(from[1]))
          found.push(`${file} → ${target}: ${from[1]}/ is below ${to[1]}/`);
      }
      const door = `${to[0]}/${to[1]}/index.ts`;
      const lightDoor = `${to[0]}/${to[1]}/light.ts`;
      if (to[1] !== "node" && target !== door && target !== lightDoor && !DIRECT_ENTRIES.test(file))
        found.push(`${file} → ${target}: past the door ${door}`);
    }
  }
  return found;
}

/** Each import cycle (a strongly connected set of more than one file), `import type` included. */
function cycles(files: ReadonlyMap<string, string>): string[][] {
  const names = new Set(files.keys());
  const edges = new Map(
    [...files].map(([file, text]) => [
      file,
      importsOf(file, text).flatMap((target) => resolveIn(names, target) ?? []),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of files.keys()) if (!index.has(file)) visit(file);
  return found;
}

// [what, files, want]
const ROOM_TABLE: readonly (readonly [string, Record<string, string>, string[]])[] = [
  [
    "an import that climbs a layer",
    {
      "runtime/session/a.ts": 'import type { X } from "../client/index.js";',
      "runtime/client/index.ts": "",
    },
    ["runtime/session/a.ts → runtime/client/index.ts: session/ is below client/"],
  ],
  [
    "an import past a door",
    {
      "runtime/client/a.ts": 'import { x } from "../session/session.js";',
      "runtime/session/session.ts": "",
    },
    ["runtime/client/a.ts → runtime/session/session.ts: past the door runtime/session/index.ts"],
  ],
  [
    "imports through the door, in the folder, and a lazy import() past the door",
    {
      "cli/commands/a.ts": 'import { x } from "../output/index.js";\nimport { y } from "./b.js";',
      "cli/watch/w.ts": 'const m = await import("../commands/a.js");',
      "cli/program.ts": 'import { z } from "./commands/a.js";',
    },
    [],
  ],
  [
    "imports through a light door, and past it",
    {
      "cli/pull/a.ts":
        'import { x } from "../output/light.js";\nimport { y } from "../output/b.js";',
      "cli/output/light.ts": "",
      "cli/output/b.ts": "",
    },
    ["cli/pull/a.ts → cli/output/b.ts: past the door cli/output/index.ts"],
  ],
];

describe("rooms", () => {
  const sourceTexts = () => {
    const files = ["runtime", "templates", "cli"].flatMap(sources);
    return new Map(files.map((file) => [file, readFileSync(join(ROOT, file), "utf8")]));
  };

  it.each(ROOM_TABLE)("find %s", (_, files, want) => {
    expect(roomViolations(new Map(Object.entries(files)))).toEqual(want);
  });

  it("find a cycle of type-only imports", () => {
    const files = new Map([
      ["runtime/a/x.ts", 'import type { Y } from "./y.js";'],
      ["runtime/a/y.ts", 'export type { X } from "./x.js";'],
      ["runtime/a/z.ts", 'import { x } from "./x.js";'],
    ]);
    expect(cycles(files)).toEqual([["runtime/a/x.ts", "runtime/a/y.ts"]]);
  });

  it("have no import cycle in runtime/, cli/ or templates/", () => {
    expect(cycles(sourceTexts())).toEqual([]);
  });

  it("are entered through their doors, and no import climbs a layer", () => {
    const texts = sourceTexts();
    expect(texts.size).toBeGreaterThan(100);
    expect(roomViolations(texts)).toEqual([]);
  });

  it.each(["runtime", "cli"] as const)(
    "keep at most 12 source files in %s/, and rank every folder",
    (pkg) => {
      const entries = readdirSync(join(ROOT, pkg), { withFileTypes: true });
      const rootFiles = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts"));
      expect(rootFiles.length).toBeLessThanOrEqual(MAX_ROOT_FILES);
      const folders = entries
        .filter(
          (entry) => entry.isDirectory() && entry.name !== "dist" && entry.name !== "node_modules",
        )
        .map((entry) => entry.name)
        .sort();
      expect(folders).toEqual([...LAYERS[pkg]].sort());
    },
  );

  it("open each door with a comment saying what the folder is for", () => {
    for (const pkg of ["runtime", "cli"] as const) {
      for (const folder of LAYERS[pkg]) {
        if (folder === "node") continue;
        const text = readFileSync(join(ROOT, pkg, folder, "index.ts"), "utf8");
        expect(text.startsWith("/**\n"), `${pkg}/${folder}/index.ts`).toBe(true);
      }
    }
  });

  it("let templates/ take values from the runtime's platform-neutral internal entry only", () => {
    const found = sources("templates").filter((file) =>
      ts
        .createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest)
        .statements.some(
          (statement) =>
            ts.isImportDeclaration(statement) &&
            ts.isStringLiteral(statement.moduleSpecifier) &&
            statement.moduleSpecifier.text === "@mcp-codegen/runtime" &&
            statement.importClause?.isTypeOnly !== true,
        ),
    );
    expect(found).toEqual([]);
  });
});

describe("layer rules", () => {
  it.each(TABLE)("%s", (_, files, want) => {
    expect(violations(new Map(Object.entries(files)))).toEqual(want);
  });

  it("hold in the repository", () => {
    const files = ["runtime", "templates", "cli"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), "utf8")]));
    expect(violations(texts)).toEqual([]);
  });
});
