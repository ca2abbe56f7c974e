/**
 * Every TypeScript example in the README and on the docs site's pages (docs/, the generated API
 * reference aside) compiles, as written, against this repository's build
 * (`mcp-codegen` and `@mcp-codegen/runtime` resolve through the workspace's packages, so run
 * `npm run build` first; `npm test` does). The examples are compiled as virtual files at the
 * repository root, so their relative imports mean what a reader at the root expects.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { docsPages } from "../support/docs-pages.js";

const ROOT = join(import.meta.dirname, "../..");

interface Example {
  /** Where it is, for the diagnostic: `docs/guide/cli.md#2`. */
  source: string;
  code: string;
}

function readmeExamples(): Example[] {
  const pages = [join(ROOT, "README.md"), ...docsPages(join(ROOT, "docs"))];
  return pages.flatMap((page) =>
    [...readFileSync(page, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match, i) => ({
      source: `${relative(ROOT, page)}#${i + 1}`,
      code: match[1]!,
    })),
  );
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // Without the sources-first "paths": the packages resolve to their builds, as a user's would.
  const { paths: _paths, ...options } = parsed.options;
  return { ...options, noEmit: true, noUnusedLocals: false };
}

describe("README and docs examples", () => {
  const examples = readmeExamples();

  it("has examples to check", () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(examples.some((example) => example.source.startsWith("docs/"))).toBe(true);
    expect(existsSync(join(ROOT, "runtime/dist/index.d.ts")), "run `npm run build` first").toBe(
      true,
    );
  });

  it("compiles every example under the project's strict settings", () => {
    const files = new Map(
      examples.map((example, i) => [join(ROOT, `__readme_example_${i}.ts`), example.code]),
    );
    const sources = new Map(
      examples.map((example, i) => [join(ROOT, `__readme_example_${i}.ts`), example.source]),
    );
    const options = compilerOptions();
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, onError, create) => {
      const text = files.get(name);
      return text === undefined
        ? getSourceFile(name, version, onError, create)
        : ts.createSourceFile(name, text, version, true);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    const program = ts.createProgram([...files.keys()], options, host);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || files.has(d.file.fileName))
      .map((d) => {
        const where =
          d.file === undefined
            ? ""
            : `${sources.get(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `;
        return `${where}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      });
    expect(diagnostics).toEqual([]);
  });
});
