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
          target !== "templates/index.js");
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
    },
    ["cli/drift/a.ts → templates/schema/scan.js"],
  ],
];

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
