/**
 * The generated client under Deno (installed from npm as a devDependency): Deno picks the
 * runtime's `deno` build, which starts stdio servers with Deno's `node:child_process` and sends
 * HTTP with Deno's `fetch`. The app runs the client as compiled JavaScript (generated TypeScript
 * imports its siblings as `./x.js`, which Deno maps to `./x.ts` only with `--sloppy-imports`).
 */
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
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
const DENO = join(dirname(require.resolve("deno/package.json")), "deno");
const TSX_LOADER = pathToFileURL(require.resolve("tsx")).href;
const DEMO_STDIO = join(REPOSITORY_ROOT, "examples", "demo-server", "stdio.ts");
const APP_DIR = join(REPOSITORY_ROOT, ".tmp", `deno-app-${process.pid}`);

const APP = `
import { createTripPlannerClient } from "./trip-planner/index.js";

const [url, server] = Deno.args;
const [command, ...args] = JSON.parse(server);
const overHttp = await createTripPlannerClient({ url });
const overStdio = await createTripPlannerClient({ command, args });
try {
  const viaHttp = await overHttp.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
  const viaStdio = await overStdio.tools.convertCurrency({ amount: 2, from: "EUR", to: "JPY" });
  if (viaHttp.isError || viaStdio.isError) throw new Error("convert_currency failed");
  console.log(JSON.stringify({
    deno: Deno.version.deno,
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
  await writeClientAsJavaScript(join(APP_DIR, "trip-planner"));
  await writeFile(join(APP_DIR, "app.js"), APP);
});

afterAll(async () => {
  await server?.close();
  await rm(APP_DIR, { recursive: true, force: true });
});

describe("under Deno", () => {
  it("calls the demo server over HTTP (Deno's fetch) and over stdio", async () => {
    assertRuntimeBuilt();
    const demo = [process.execPath, "--import", TSX_LOADER, DEMO_STDIO];
    const { stdout } = await promisify(execFile)(
      DENO,
      [
        "run",
        "--allow-all",
        "--no-prompt",
        join(APP_DIR, "app.js"),
        server!.url,
        JSON.stringify(demo),
      ],
      { cwd: APP_DIR, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } },
    );
    const result = JSON.parse(stdout) as { deno: string; http: number; stdio: number };
    expect(result.deno).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.http).toBeGreaterThan(0);
    expect(result.stdio).toBeCloseTo(result.http / 50, 6);
  });
});
