/**
 * The linear-time engine (re2js, 46 KB gzipped) is never in the initial load of the runtime's web
 * build: it is a chunk of its own, loaded by a dynamic import when a validator that checks a
 * pattern is built (or a RegExp tool selection is compiled). The Node build loads it statically
 * (test/platform/web-bundle.test.ts).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../support/bundle.js";
import { weighBrowserBundle } from "../../support/bundle-weight.js";
import { assertRuntimeBuilt } from "../../support/typecheck.js";

const ROOT = join(import.meta.dirname, "../../..");
const WORK = join(ROOT, ".tmp", "linear-pattern-bundle");
const RUNTIME = JSON.stringify(join(ROOT, "runtime/index.js"));

function bundle(source: string): Promise<string> {
  // Only re2js is under test: the runtime's other dependencies stay out of the bundle.
  return bundleEntry(
    WORK,
    source,
    (id) => id.startsWith("node:") || ["zod", "undici", "eventsource-parser"].includes(id),
  );
}

describe("the linear-time engine in a bundle", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  // The engine's own class: its name alone also appears where the runtime reads `module.RE2JS`.
  const ENGINE = "class RE2JS";

  it.each(["defineTool", "linearPattern"])(
    "is not in the entry chunk of an app importing %s (rolldown)",
    async (name) => {
      const code = await bundle(`export { ${name} } from ${RUNTIME};`);
      expect(code).toContain(name);
      expect(code).not.toContain(ENGINE);
    },
  );

  // esbuild puts a module in the initial load when the entry reaches it through a live import,
  // even a re-export the app never calls: no static import of re2js may remain in the web build.
  it.each(["connect", "linearPattern", "defineTool"])(
    "is a lazy chunk, not the initial load, of an app importing %s (esbuild)",
    async (name) => {
      assertRuntimeBuilt();
      await mkdir(WORK, { recursive: true });
      const entry = join(WORK, `${name}.ts`);
      await writeFile(entry, `export { ${name} } from "@mcp-codegen/runtime";\n`);
      const weight = await weighBrowserBundle(entry, join(WORK, `${name}-out`));
      const engine = (paths: string[]) => paths.filter((path) => path.includes("/re2js/"));
      expect(engine(weight.inputs)).toEqual([]);
      expect(engine(weight.lazyInputs)).not.toEqual([]);
    },
  );
});
