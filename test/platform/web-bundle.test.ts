/**
 * An app that imports a generated client, bundled the way a Vite, Next.js or Worker build would:
 * for the browser and for a neutral platform the bundle must hold no Node module and no undici
 * (the runtime's export conditions pick its web build); for Node it holds the Node build, with
 * stdio and undici. examples/worker.ts is the web app, examples/usage.ts the Node one.
 */
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleApp, type AppBundle } from "../support/esbuild-app.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const WEB_APP = join(REPOSITORY_ROOT, "examples", "worker.ts");
const NODE_APP = join(REPOSITORY_ROOT, "examples", "usage.ts");
const BUILTINS = new Set(builtinModules);

/** What a non-Node bundle must not contain: Node built-ins, undici, the runtime's Node build. */
function nodeOnlyParts(bundle: AppBundle): string[] {
  const inputs = bundle.inputs.filter(
    (path) =>
      path.startsWith("node:") ||
      /(^|\/)node_modules\/undici\//.test(path) ||
      /(^|\/)runtime\/dist\/node\//.test(path),
  );
  const externals = bundle.externals.filter(
    (path) => path.startsWith("node:") || BUILTINS.has(path) || path === "undici",
  );
  return [...inputs, ...externals];
}

describe.each(["browser", "neutral"] as const)("the web app bundled for %s", (platform) => {
  it("holds the runtime's web build and nothing Node-only", async () => {
    assertRuntimeBuilt();
    const bundle = await bundleApp(WEB_APP, platform);
    expect(nodeOnlyParts(bundle)).toEqual([]);
    expect(bundle.inputs).toContain("runtime/dist/index.js");
    expect(bundle.inputs).toContain("runtime/dist/transports/fetch-transport.js");
    // Nothing reaches for Node's globals either.
    expect(bundle.code).not.toMatch(/\bprocess\.(env|platform|versions)\b|\bBuffer\.from\b/);
  });
});

describe("the Node app bundled for node", () => {
  it("holds the runtime's Node build: child processes and undici", async () => {
    assertRuntimeBuilt();
    const bundle = await bundleApp(NODE_APP, "node");
    expect(bundle.inputs).toContain("runtime/dist/node/index.js");
    expect(bundle.inputs).toContain("runtime/dist/node/stdio.js");
    expect(bundle.inputs.some((path) => path.includes("node_modules/undici/"))).toBe(true);
  });
});
