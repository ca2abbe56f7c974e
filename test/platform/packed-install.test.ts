/**
 * The two packages as a user installs them. `npm pack` makes both tarballs (the build is
 * `npm test`'s first step; `prepack` runs it for a real `npm pack`), then:
 * - an application installs only the run-time package, with `--omit=dev` as a production image
 *   would, and its generated client (examples/trip-planner, compiled to JavaScript) calls the demo
 *   server; the installed size is printed, and no generator dependency may be in it;
 * - a project installs `mcp-codegen` as a dev dependency next to the runtime, and
 *   `npx mcp-codegen pull` generates a client from the demo server.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeClientAsJavaScript } from "../support/client-as-javascript.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const run = promisify(execFile);
const INSTALL_TIMEOUT = 240_000;
const DEMO_SERVER = join(REPOSITORY_ROOT, "examples", "demo-server", "stdio.ts");
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
/**
 * The production install's ceiling, issue 23's target as docs/guide/getting-started.md ("Using
 * it in a project") states it: about 5.3 MB since the runtime validates without zod.
 */
const INSTALL_CEILING_MB = 8;
/**
 * What only the generator needs, and zod (an optional peer, for `@mcp-codegen/runtime/zod`
 * only): none of it may reach a production install of an app, whose generated client works
 * without it.
 */
const GENERATOR_ONLY = ["mcp-codegen", "prettier", "jiti", "commander", "typescript", "zod"];

let work = "";
let runtimeTarball = "";
let cliTarball = "";

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** Packs the package in `folder` (the repository root or a workspace) and returns the tarball. */
async function pack(workspace: string[]): Promise<string> {
  const out = await npm(
    ["pack", ...workspace, "--ignore-scripts", "--json", "--pack-destination", work],
    REPOSITORY_ROOT,
  );
  const [entry] = JSON.parse(out) as { filename: string }[];
  if (entry === undefined) throw new Error("npm pack made no tarball");
  return join(work, entry.filename);
}

async function folderSize(path: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

beforeAll(async () => {
  assertRuntimeBuilt();
  work = await mkdtemp(join(tmpdir(), "mcp-codegen-pack-"));
  runtimeTarball = await pack(["--workspace", "runtime"]);
  cliTarball = await pack([]);
}, INSTALL_TIMEOUT);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("npm pack", () => {
  it("makes a run-time package with its build, and a CLI package with its bin", async () => {
    const runtimeFiles = await npm(
      ["pack", "--workspace", "runtime", "--dry-run", "--ignore-scripts", "--json"],
      REPOSITORY_ROOT,
    );
    const cliFiles = await npm(
      ["pack", "--dry-run", "--ignore-scripts", "--json"],
      REPOSITORY_ROOT,
    );
    const paths = (out: string) =>
      (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
    expect(paths(runtimeFiles)).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/node/index.js",
        "dist/index.d.ts",
        "package.json",
      ]),
    );
    expect(paths(cliFiles)).toEqual(
      expect.arrayContaining(["dist/cli/main.js", "config.schema.json"]),
    );
    // The CLI package does not carry a second copy of the runtime.
    expect(paths(cliFiles).filter((path) => path.startsWith("dist/runtime/"))).toEqual([]);
  });
});

describe("a production install of an app with a generated client", () => {
  it(
    "carries only the runtime and what it loads, and the client calls the server",
    async () => {
      const app = join(work, "app");
      await mkdir(app);
      await writeFile(
        join(app, "package.json"),
        JSON.stringify({
          name: "app",
          private: true,
          type: "module",
          dependencies: { "@mcp-codegen/runtime": `file:${runtimeTarball}` },
        }),
      );
      await npm(["install", "--omit=dev"], app);
      await writeClientAsJavaScript(join(app, "trip-planner"));
      await writeFile(
        join(app, "main.js"),
        [
          'import { createTripPlannerClient } from "./trip-planner/index.js";',
          "const [command, ...args] = JSON.parse(process.argv[2]);",
          "const client = await createTripPlannerClient({ command, args });",
          'const money = await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });',
          "console.log(JSON.stringify(money.structuredContent));",
          "await client.close();",
        ].join("\n"),
      );
      const server = [process.execPath, "--import", TSX_LOADER, DEMO_SERVER];
      const { stdout } = await run(process.execPath, ["main.js", JSON.stringify(server)], {
        cwd: app,
      });
      expect(JSON.parse(stdout)).toMatchObject({ amount: 100, from: "EUR", to: "JPY" });

      const installed = (await readdir(join(app, "node_modules"), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => entry.name);
      for (const name of GENERATOR_ONLY) expect(installed).not.toContain(name);
      const size = await folderSize(join(app, "node_modules"));
      const packages = await Promise.all(
        installed.map(async (name) => {
          const megabytes = (await folderSize(join(app, "node_modules", name))) / 1024 / 1024;
          return `${name} ${megabytes.toFixed(1)} MB`;
        }),
      );
      const summary = `production install: ${(size / 1024 / 1024).toFixed(1)} MB in node_modules (${packages.join(", ")})`;
      console.log(summary);
      expect(size).toBeGreaterThan(0);
      expect(size / 1024 / 1024, `${summary}, over ${INSTALL_CEILING_MB} MB`).toBeLessThanOrEqual(
        INSTALL_CEILING_MB,
      );
    },
    INSTALL_TIMEOUT,
  );
});

describe("mcp-codegen as a dev dependency", () => {
  it(
    "installs with its bin, and npx mcp-codegen pull generates a client",
    async () => {
      const project = join(work, "project");
      await mkdir(project);
      await writeFile(
        join(project, "package.json"),
        JSON.stringify({
          name: "project",
          private: true,
          type: "module",
          dependencies: { "@mcp-codegen/runtime": `file:${runtimeTarball}` },
          devDependencies: { "mcp-codegen": `file:${cliTarball}` },
        }),
      );
      await npm(["install"], project);
      const { stdout: version } = await run("npx", ["mcp-codegen", "--version"], { cwd: project });
      const manifest = JSON.parse(
        await readFile(join(REPOSITORY_ROOT, "package.json"), "utf8"),
      ) as { version: string };
      expect(version.trim()).toBe(manifest.version);

      await run(
        "npx",
        [
          "mcp-codegen",
          "pull",
          "--out",
          "trip-planner",
          "--",
          process.execPath,
          "--import",
          TSX_LOADER,
          DEMO_SERVER,
        ],
        { cwd: project },
      );
      const index = await readFile(join(project, "trip-planner", "index.ts"), "utf8");
      expect(index).toContain('from "@mcp-codegen/runtime"');
      expect(index).toContain("createTripPlannerClient");
    },
    INSTALL_TIMEOUT,
  );
});
