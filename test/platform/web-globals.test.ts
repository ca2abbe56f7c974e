/**
 * The web app (examples/worker.ts), bundled for the browser, runs where there is no Node: in a
 * `node:vm` context that holds only web-platform globals (`fetch`, streams, `URL`, timers …) and
 * no `process`, `Buffer` or `require`. It calls the Trip Planner demo over Streamable HTTP through
 * the runtime's fetch transport, and the typed result comes back.
 */
import { createContext, runInContext } from "node:vm";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttp } from "../../examples/demo-server/http.js";
import type { RunningHttpServer } from "../fixtures/servers/index.js";
import { bundleApp } from "../support/esbuild-app.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const WEB_APP = join(REPOSITORY_ROOT, "examples", "worker.ts");

/** What examples/worker.ts exports, as the bundle's `app` global. */
interface WorkerApp {
  convertToYen(amount: number, env: { TRIP_PLANNER_URL: string }): Promise<string>;
  default: { fetch(request: Request, env: { TRIP_PLANNER_URL: string }): Promise<Response> };
}

/** The globals a browser or a Worker offers, and nothing Node adds. */
function webGlobals(): Record<string, unknown> {
  return {
    fetch,
    Request,
    Response,
    Headers,
    AbortController,
    AbortSignal,
    ReadableStream,
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    Event,
    EventTarget,
    DOMException,
    crypto,
    atob,
    btoa,
    structuredClone,
    queueMicrotask,
    setTimeout,
    clearTimeout,
    console,
  };
}

let server: RunningHttpServer | undefined;

beforeAll(async () => {
  server = await startDemoHttp();
});

afterAll(async () => {
  await server?.close();
});

describe("the web app in a context with only web globals", () => {
  it("has no Node globals to lean on", () => {
    const context = createContext(webGlobals());
    expect(
      runInContext("[typeof process, typeof Buffer, typeof require, typeof setImmediate]", context),
    ).toEqual(["undefined", "undefined", "undefined", "undefined"]);
  });

  it("calls the demo server over HTTP with fetch and gets the typed result", async () => {
    assertRuntimeBuilt();
    const bundle = await bundleApp(WEB_APP, "browser", "iife");
    const context = createContext(webGlobals());
    runInContext(bundle.code, context, { filename: "worker-bundle.js" });
    const app = (context as { app: WorkerApp }).app;
    const env = { TRIP_PLANNER_URL: server!.url };

    expect(await app.convertToYen(100, env)).toMatch(/^100 EUR = \d+(\.\d+)? JPY$/);
    const response = await app.default.fetch(new Request("https://worker.test/?amount=5"), env);
    expect(await response.text()).toMatch(/^5 EUR = \d+(\.\d+)? JPY$/);
  });
});
