/**
 * A `js+dts` client in a project that `tsc` builds into an outDir without `allowJs` is left out
 * of the build: the generator says so when it writes one (cli/output/js-dts-build.ts), and only
 * then. The first test proves the warning true with the real compiler.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serializeSnapshot } from "../../../templates/snapshot.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { toolsSnapshot } from "../../support/tools-snapshot.js";

const OUT = "src/mcp";

function snapshot(emit: "ts" | "js+dts"): string {
  const created = toolsSnapshot("weather", [
    { name: "forecast", inputSchema: { type: "object", properties: { city: { type: "string" } } } },
  ]);
  return serializeSnapshot(emit === "ts" ? created : { ...created, codegen: { emit } });
}

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject("js-dts-build");
});
afterEach(() => project.remove());

const generate = () => runCliCaptured(["generate", "--out", OUT], project.dir);

/** A tsconfig.json as people write them: comments, a trailing comma, options from a base. */
async function writeTsconfig(options: string, rest = ""): Promise<void> {
  await project.write(
    "tsconfig.base.json",
    '{ "compilerOptions": { "strict": true, "module": "NodeNext", "skipLibCheck": true } }\n',
  );
  await project.write(
    "tsconfig.json",
    `{\n  // the project's build\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": { ${options} },${rest}\n}\n`,
  );
}

describe("a js+dts client in a project tsc builds into an outDir", () => {
  it("is named with the tsconfig and the way out, and tsc indeed leaves its .js behind", async () => {
    await writeTsconfig('"outDir": "dist", "rootDir": "src", "types": [],');
    await project.write(`${OUT}/mcp.snapshot.json`, snapshot("js+dts"));
    await project.write(
      "src/app.ts",
      'import { forecast } from "./mcp/index.js";\nexport const call = forecast;\n',
    );
    const run = await generate();
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${OUT}/mcp.snapshot.json: ${project.path("tsconfig.json")}`);
    expect(run.stderr).toMatch(
      /outDir "\.\/dist" without allowJs.*set "allowJs": true there, or pull with --emit ts/,
    );

    // A fact of the user's project, not of the server's contract: --strict still writes the client.
    await rm(project.path("node_modules"), { recursive: true, force: true });
    const strict = await runCliCaptured(["generate", "--out", OUT, "--strict"], project.dir);
    expect(strict.code).toBe(0);
    expect(strict.stderr).toContain("without allowJs");

    const tsc = join(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const build = spawnSync(process.execPath, [tsc, "-p", project.dir], { encoding: "utf8" });
    expect(build.stdout + build.stderr).toBe("");
    expect(existsSync(project.path("dist/app.js"))).toBe(true);
    expect(existsSync(project.path("dist/mcp/index.js"))).toBe(false);
  });

  it("is not told where tsc copies .js files, emits none, or does not build the folder", async () => {
    await project.write(`${OUT}/mcp.snapshot.json`, snapshot("js+dts"));
    for (const [options, rest] of [
      ['"outDir": "dist", "allowJs": true', ""],
      ['"outDir": "dist", "noEmit": true', ""],
      ['"outDir": "dist", "emitDeclarationOnly": true, "declaration": true', ""],
      ['"noEmit": true', ""],
      ['"outDir": "dist"', '\n  "exclude": ["src/mcp"]'],
      ['"outDir": "dist"', '\n  "include": ["lib"]'],
    ] as const) {
      await writeTsconfig(options, rest);
      // A full run each time: an unchanged one answers from its record and reads no tsconfig.
      await rm(project.path("node_modules"), { recursive: true, force: true });
      const run = await generate();
      expect(run.code, options + rest).toBe(0);
      expect(run.stderr, options + rest).toBe("");
    }
  });

  it("is not told for the .ts form, without a tsconfig, or with one that does not parse", async () => {
    await project.write(`${OUT}/mcp.snapshot.json`, snapshot("ts"));
    await writeTsconfig('"outDir": "dist"');
    expect((await generate()).stderr).toBe("");

    await project.write(`${OUT}/mcp.snapshot.json`, snapshot("js+dts"));
    await project.write("tsconfig.json", '{ "compilerOptions": { "outDir": ');
    const broken = await generate();
    expect(broken.code).toBe(0);
    expect(broken.stderr).toBe("");
  });
});
