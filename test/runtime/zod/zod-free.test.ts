/**
 * The runtime needs no zod: no runtime source imports it (type-only imports included) but the
 * `@mcp-codegen/runtime/zod` entry's folder, and zod is no dependency of the runtime package,
 * only an optional peer. test/platform/packed-install.test.ts runs a generated client from a
 * production install that has no zod.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");

function runtimeSources(): string[] {
  return readdirSync(join(ROOT, "runtime"), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.startsWith("runtime/dist/") && !file.startsWith("runtime/zod/"));
}

it("no runtime source outside runtime/zod/ imports zod", () => {
  const importers = runtimeSources().filter((file) =>
    ts
      .preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true)
      .importedFiles.some(({ fileName }) => fileName === "zod" || fileName.startsWith("zod/")),
  );
  expect(importers).toEqual([]);
});

it("lists zod as an optional peer of the runtime package, not a dependency", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "runtime/package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    exports: Record<string, unknown>;
  };
  expect(manifest.dependencies?.["zod"]).toBeUndefined();
  expect(manifest.peerDependencies?.["zod"]).toBeDefined();
  expect(manifest.peerDependenciesMeta?.["zod"]?.optional).toBe(true);
  expect(Object.keys(manifest.exports)).toContain("./zod");
});
