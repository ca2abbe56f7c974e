/**
 * The TypeScript versions the README promises: a project that imports the generated client
 * compiles with no diagnostic under the lowest supported compiler (installed on first use, see
 * test/support/lowest-typescript.ts) and the current one, for `nodenext` and `bundler` resolution, with the strictest
 * flags and without `skipLibCheck`, so the runtime's declarations and those they pull in (zod,
 * undici) are checked too.
 *
 * Why 5.4: below it, zod 4's declarations use the `NoInfer` intrinsic (TS2304 "Cannot find name
 * 'NoInfer'" in 5.0 to 5.3). The generated code and the runtime's own declarations compile from
 * 5.0 with `skipLibCheck`, but that would hide every error in a declaration file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import current from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, type TempProject } from "../support/cli-run.js";
import {
  compileProject,
  createConsumerProject,
  RUNTIME_PACKAGE_ROOT,
  RUNTIME_SPECIFIER,
} from "../support/consumer-project.js";
import { loadLowestTypeScript } from "../support/lowest-typescript.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

// Two copies of the same API; only what every 5.x has is used (see compileProject).
const lowest = await loadLowestTypeScript();

// Checking zod's and @types/node's declarations takes 10 to 20 s a compile on a slow machine.
const COMPILE_TIMEOUT = 120_000;

const COMPILERS = [
  { label: `lowest, ${lowest.version}`, compiler: lowest },
  { label: `current, ${current.version}`, compiler: current },
];

const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noEmit: true,
  skipLibCheck: false,
  target: "ES2022",
  // A browser bundle's settings: the web platform's globals (URL, AbortSignal, fetch's types),
  // and no @types/node, which the client must not need.
  lib: ["ES2022", "DOM"],
  types: [],
};

const RESOLUTIONS = [
  { label: "nodenext", options: { module: "nodenext", moduleResolution: "nodenext" } },
  { label: "bundler", options: { module: "esnext", moduleResolution: "bundler" } },
];

/** Uses the client's typed results and the runtime directly, as an application would. */
const MAIN = `import { isMcpError } from "${RUNTIME_SPECIFIER}";
import { createTripPlannerClient, type ConvertCurrencyOutput } from "./trip-planner/index.js";

export async function convert(amount: number): Promise<ConvertCurrencyOutput["converted"]> {
  const client = await createTripPlannerClient({ command: "node", args: ["server.js"] });
  try {
    const money = await client.tools.convertCurrency({ amount, from: "EUR", to: "JPY" });
    if (money.isError) throw new Error("convert_currency failed");
    return money.structuredContent.converted;
  } catch (error) {
    if (isMcpError(error)) throw new Error(error.kind);
    throw error;
  } finally {
    await client.close();
  }
}
`;

describe.each(RESOLUTIONS)(
  "an ESM project importing the generated client, $label",
  (resolution) => {
    let project: TempProject;
    beforeAll(async () => {
      assertRuntimeBuilt();
      project = await createConsumerProject(`ts-range-${resolution.label}`, {
        packageJson: { name: "consumer", private: true, type: "module" },
        tsconfig: { compilerOptions: { ...STRICT, ...resolution.options }, include: ["src"] },
        sources: { "src/main.ts": MAIN },
      });
    });
    afterAll(() => project.remove());

    it.each(COMPILERS)(
      "compiles with no diagnostic with TypeScript $label",
      { timeout: COMPILE_TIMEOUT },
      ({ compiler }) => {
        const { diagnostics, files } = compileProject(compiler, project.dir);
        expect(diagnostics.map((diagnostic) => diagnostic.text).join("\n")).toBe("");
        // The runtime's declarations were part of the program (checked, not skipped or missing).
        expect(
          files.some((file) => file.startsWith(RUNTIME_PACKAGE_ROOT) && file.endsWith(".d.ts")),
        ).toBe(true);
        // Nothing the client's types reach loads Node's (undici's types would, through
        // `/// <reference types="node" />`).
        expect(files.filter((file) => file.includes("@types/node"))).toEqual([]);
        // Nor oauth4webapi's 120 KB of declarations, parsed on every build of every user: the
        // options declare their own `SigningKey`.
        expect(files.filter((file) => file.includes("oauth4webapi"))).toEqual([]);
      },
    );

    it("rejects a misuse of the client with the lowest compiler too (the check is real)", async () => {
      await project.write("src/main.ts", MAIN.replace("{ amount,", "{ amount: String(amount),"));
      try {
        // Declaration files were checked above; skipping them here keeps this one quick.
        const { diagnostics } = compileProject(lowest, project.dir, { skipLibCheck: true });
        expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual([2322]);
      } finally {
        await project.write("src/main.ts", MAIN);
      }
    });
  },
);

describe("the supported range", () => {
  it("is below the current compiler, and is the one the README states", () => {
    const minor = (version: string) => version.split(".").slice(0, 2).map(Number);
    const [lowMajor = 0, lowMinor = 0] = minor(lowest.version);
    const [major = 0, minorNow = 0] = minor(current.version);
    expect(lowMajor * 1000 + lowMinor).toBeLessThan(major * 1000 + minorNow);
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain(`TypeScript ${lowMajor}.${lowMinor} or newer`);
  });
});
