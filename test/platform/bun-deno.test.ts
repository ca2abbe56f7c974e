/**
 * The generated client under Bun and Deno (both installed from npm as devDependencies). Each picks
 * the runtime's `bun`/`deno` build, which starts stdio servers with the platform's
 * `node:child_process` and sends HTTP with its own `fetch` (Bun's undici stand-in has no
 * `Dispatcher.request`, so the Node build fails there). Bun runs the generated TypeScript as it is,
 * from a copy in a folder with its own tsconfig.json (the repository's "paths" point the runtime
 * at its sources, for development). Deno runs it twice: compiled to JavaScript, since it maps the
 * `./x.js` imports of generated code to `./x.ts` only with `--sloppy-imports`; and as TypeScript,
 * generated with `codegen.importExtension: "ts"` (by the built CLI's `generate`), with no flag but
 * its permissions.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttp } from "../../examples/demo-server/http.js";
import type { RunningHttpServer } from "../fixtures/servers/index.js";
import { writeClientAsJavaScript } from "../support/client-as-javascript.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const require = createRequire(import.meta.url);
const TSX_LOADER = pathToFileURL(require.resolve("tsx")).href;
const DEMO_STDIO = join(REPOSITORY_ROOT, "examples", "demo-server", "stdio.ts");
const WORK = join(REPOSITORY_ROOT, ".tmp", `bun-deno-${process.pid}`);

/** Valid TypeScript and JavaScript alike; prints what each transport answered. */
const APP = `
import { createTripPlannerClient } from "./trip-planner/index.js";

const [url, server] = process.argv.slice(2);
const [command, ...args] = JSON.parse(server);
const overHttp = await createTripPlannerClient({ url });
const overStdio = await createTripPlannerClient({ command, args });
try {
  const viaHttp = await overHttp.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
  const viaStdio = await overStdio.tools.convertCurrency({ amount: 2, from: "EUR", to: "JPY" });
  if (viaHttp.isError || viaStdio.isError) throw new Error("convert_currency failed");
  const platform = "Bun" in globalThis ? "bun" : "Deno" in globalThis ? "deno" : "other";
  console.log(JSON.stringify({
    platform,
    http: viaHttp.structuredContent.converted,
    stdio: viaStdio.structuredContent.converted,
  }));
} finally {
  await overHttp.close();
  await overStdio.close();
}
`;

const CLI = join(REPOSITORY_ROOT, "dist", "cli", "main.js");

/** The demo's client generated afresh from its snapshot, its relative imports ending in `.ts`. */
async function writeClientWithTsImports(into: string): Promise<void> {
  const source = join(REPOSITORY_ROOT, "examples", "trip-planner", "mcp.snapshot.json");
  const snapshot = JSON.parse(await readFile(source, "utf8")) as Record<string, unknown>;
  snapshot.codegen = { ...(snapshot.codegen as object | undefined), importExtension: "ts" };
  await mkdir(into, { recursive: true });
  await writeFile(join(into, "mcp.snapshot.json"), JSON.stringify(snapshot, null, 2));
  await promisify(execFile)(process.execPath, [CLI, "generate", "--out", into]);
  // Its own tsconfig.json: Deno, like Bun, would otherwise follow the repository's "paths".
  await writeFile(join(into, "..", "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
}

const RUNTIMES = [
  {
    platform: "bun",
    binary: join(dirname(require.resolve("bun/package.json")), "bin", "bun.exe"),
    app: "app.ts",
    run: (app: string) => ["run", app],
    async writeClient(into: string): Promise<void> {
      await cp(join(REPOSITORY_ROOT, "examples", "trip-planner"), into, { recursive: true });
      await writeFile(join(into, "..", "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
    },
  },
  {
    platform: "deno",
    binary: join(dirname(require.resolve("deno/package.json")), "deno"),
    app: "app.js",
    run: (app: string) => ["run", "--allow-all", "--no-prompt", app],
    writeClient: writeClientAsJavaScript,
  },
  {
    platform: "deno",
    binary: join(dirname(require.resolve("deno/package.json")), "deno"),
    app: "app.ts",
    appSource: APP.replace("./trip-planner/index.js", "./trip-planner/index.ts"),
    run: (app: string) => ["run", "--allow-all", "--no-prompt", app],
    writeClient: writeClientWithTsImports,
  },
];

let server: RunningHttpServer | undefined;

beforeAll(async () => {
  server = await startDemoHttp();
});

afterAll(async () => {
  await server?.close();
  await rm(WORK, { recursive: true, force: true });
});

describe.each(RUNTIMES)("under $platform, running $app", (runtime) => {
  it("calls the demo server over HTTP (the platform's fetch) and over stdio", async () => {
    assertRuntimeBuilt();
    const folder = join(WORK, `${runtime.platform}-${runtime.app}`);
    await mkdir(folder, { recursive: true });
    await runtime.writeClient(join(folder, "trip-planner"));
    await writeFile(join(folder, runtime.app), "appSource" in runtime ? runtime.appSource : APP);
    const demo = [process.execPath, "--import", TSX_LOADER, DEMO_STDIO];
    const { stdout } = await promisify(execFile)(
      runtime.binary,
      [...runtime.run(join(folder, runtime.app)), server!.url, JSON.stringify(demo)],
      { cwd: folder, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } },
    );
    const result = JSON.parse(stdout) as { platform: string; http: number; stdio: number };
    expect(result.platform).toBe(runtime.platform);
    expect(result.http).toBeGreaterThan(0);
    expect(result.stdio).toBeCloseTo(result.http / 50, 6);
  });
});
