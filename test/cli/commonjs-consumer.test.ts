/**
 * What the README tells CommonJS projects, checked end to end: with `"type": "commonjs"` and
 * `module: nodenext`, the generated client compiles to `require()` calls, and Node loads the ESM
 * runtime through require(esm) (unflagged from Node 20.19 and 22.12); a typed tool call then
 * works against the demo server over stdio. With `module: node16`, or a TypeScript older than 5.8,
 * the compiler refuses that `require` with TS1479; generating into a folder that is an ES module
 * and loading it with a dynamic `import()` is the way out there.
 */
import { readFile } from "node:fs/promises";
import current from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { type TempProject } from "../support/cli-run.js";
import {
  compileProject,
  createConsumerProject,
  DEMO_SERVER,
  RUNTIME_PACKAGE_ROOT,
  RUNTIME_SPECIFIER,
} from "../support/consumer-project.js";
import { loadLowestTypeScript } from "../support/lowest-typescript.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const lowest = await loadLowestTypeScript();

const COMPILE_TIMEOUT = 120_000;

/** Starts the server given on its command line, converts, prints the typed result as JSON. */
const MAIN = `import { createTripPlannerClient } from "./trip-planner/index.js";

async function main(): Promise<void> {
  const client = await createTripPlannerClient({
    command: process.execPath,
    args: process.argv.slice(2),
  });
  try {
    const money = await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
    if (money.isError) throw new Error("convert_currency failed");
    const converted: number = money.structuredContent.converted;
    console.log(JSON.stringify({ converted, commonjs: typeof require === "function" }));
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
`;

/** The same program for node16: the client is an ES module of its own, loaded by import(). */
const MAIN_DYNAMIC_IMPORT = MAIN.replace(
  'import { createTripPlannerClient } from "./trip-planner/index.js";\n',
  "",
).replace(
  "const client = await createTripPlannerClient({",
  'const { createTripPlannerClient } = await import("./trip-planner/index.js");\n  const client = await createTripPlannerClient({',
);

function compilerOptions(module: "nodenext" | "node16") {
  return {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    // verbatimModuleSyntax stays off: it forbids import syntax in a CommonJS file.
    module,
    moduleResolution: module,
    target: "ES2022",
    lib: ["ES2022"],
    types: ["node"],
    skipLibCheck: true,
    outDir: "out",
    rootDir: "src",
  };
}

function runOut(project: TempProject): ReturnType<typeof runNode> {
  return runNode(
    [project.path("out", "main.js"), "--import", TSX_LOADER, DEMO_SERVER],
    project.dir,
  );
}

describe("a CommonJS project with module nodenext", () => {
  let project: TempProject;
  beforeAll(async () => {
    assertRuntimeBuilt();
    project = await createConsumerProject("commonjs-nodenext", {
      packageJson: { name: "consumer", private: true, type: "commonjs" },
      tsconfig: { compilerOptions: compilerOptions("nodenext"), include: ["src"] },
      sources: { "src/main.ts": MAIN },
    });
  });
  afterAll(() => project.remove());

  it(
    "requires the ESM runtime and makes a typed tool call",
    { timeout: COMPILE_TIMEOUT },
    async () => {
      const runtimeManifest = JSON.parse(
        await readFile(`${RUNTIME_PACKAGE_ROOT}/package.json`, "utf8"),
      ) as { type?: string };
      expect(runtimeManifest.type, "the runtime is an ES module package").toBe("module");

      const { diagnostics } = compileProject(current, project.dir);
      expect(diagnostics.map((diagnostic) => diagnostic.text).join("\n")).toBe("");
      // The generated client was compiled as CommonJS: the runtime is reached through require().
      const client = await readFile(project.path("out", "trip-planner", "index.js"), "utf8");
      expect(client).toContain(`require("${RUNTIME_SPECIFIER}")`);

      const run = await runOut(project);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ converted: 16200, commonjs: true });
    },
  );

  it(
    "is refused with TS1479 by TypeScript before 5.8 (the lowest tested)",
    { timeout: COMPILE_TIMEOUT },
    () => {
      const { diagnostics } = compileProject(lowest, project.dir, { noEmit: true });
      const texts = diagnostics.map((diagnostic) => diagnostic.text).join("\n");
      expect(new Set(diagnostics.map((diagnostic) => diagnostic.code)), texts).toEqual(
        new Set([1479]),
      );
    },
  );
});

describe("a CommonJS project with module node16", () => {
  let project: TempProject;
  beforeAll(async () => {
    assertRuntimeBuilt();
    project = await createConsumerProject("commonjs-node16", {
      packageJson: { name: "consumer", private: true, type: "commonjs" },
      tsconfig: { compilerOptions: compilerOptions("node16"), include: ["src"] },
      sources: { "src/main.ts": MAIN },
    });
  });
  afterAll(() => project.remove());

  it("gets TS1479 on every import of the runtime", { timeout: COMPILE_TIMEOUT }, () => {
    const { diagnostics } = compileProject(current, project.dir, { noEmit: true });
    const texts = diagnostics.map((diagnostic) => diagnostic.text);
    expect(new Set(diagnostics.map((diagnostic) => diagnostic.code)), texts.join("\n")).toEqual(
      new Set([1479]),
    );
    for (const text of texts) expect(text).toContain(`from "${RUNTIME_SPECIFIER}"`);
  });

  it(
    "works when the client is an ES module folder loaded with import()",
    { timeout: COMPILE_TIMEOUT },
    async () => {
      await project.write("src/trip-planner/package.json", { type: "module" });
      await project.write("out/trip-planner/package.json", { type: "module" });
      await project.write("src/main.ts", MAIN_DYNAMIC_IMPORT);
      const { diagnostics } = compileProject(current, project.dir);
      expect(diagnostics.map((diagnostic) => diagnostic.text).join("\n")).toBe("");

      const run = await runOut(project);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ converted: 16200, commonjs: true });
    },
  );
});
