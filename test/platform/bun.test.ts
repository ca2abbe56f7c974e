/**
 * The generated client under Bun (installed from npm as a devDependency): Bun picks the runtime's
 * `bun` build, which starts stdio servers with Bun's `node:child_process` and sends HTTP with
 * Bun's own `fetch` (Bun's undici stand-in has no `Dispatcher.request`). The app runs as
 * TypeScript, straight from a copy of examples/trip-planner in a folder with its own
 * tsconfig.json, so the repository's "paths" (runtime sources, for development) do not apply.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttp } from "../../examples/demo-server/http.js";
import type { RunningHttpServer } from "../fixtures/servers/index.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const require = createRequire(import.meta.url);
const BUN = join(dirname(require.resolve("bun/package.json")), "bin", "bun.exe");
const TSX_LOADER = pathToFileURL(require.resolve("tsx")).href;
const DEMO_STDIO = join(REPOSITORY_ROOT, "examples", "demo-server", "stdio.ts");
const APP_DIR = join(REPOSITORY_ROOT, ".tmp", `bun-app-${process.pid}`);

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
  console.log(JSON.stringify({
    bun: typeof Bun !== "undefined",
    http: viaHttp.structuredContent.converted,
    stdio: viaStdio.structuredContent.converted,
  }));
} finally {
  await overHttp.close();
  await overStdio.close();
}
`;

let server: RunningHttpServer | undefined;

beforeAll(async () => {
  server = await startDemoHttp();
  await mkdir(APP_DIR, { recursive: true });
  await cp(join(REPOSITORY_ROOT, "examples", "trip-planner"), join(APP_DIR, "trip-planner"), {
    recursive: true,
  });
  await writeFile(join(APP_DIR, "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
  await writeFile(join(APP_DIR, "app.ts"), APP);
});

afterAll(async () => {
  await server?.close();
  await rm(APP_DIR, { recursive: true, force: true });
});

describe("under Bun", () => {
  it("calls the demo server over HTTP (Bun's fetch) and over stdio", async () => {
    assertRuntimeBuilt();
    const demo = [process.execPath, "--import", TSX_LOADER, DEMO_STDIO];
    const { stdout } = await promisify(execFile)(
      BUN,
      ["run", join(APP_DIR, "app.ts"), server!.url, JSON.stringify(demo)],
      { cwd: APP_DIR },
    );
    const result = JSON.parse(stdout) as { bun: boolean; http: number; stdio: number };
    expect(result.bun).toBe(true);
    expect(result.http).toBeGreaterThan(0);
    expect(result.stdio).toBeCloseTo(result.http / 50, 6);
  });
});
