/**
 * The generated Trip Planner client in a real browser: examples/browser/app.ts, bundled for the
 * browser by esbuild as an app's build would (the runtime's web build, no Node module), runs in
 * headless Chromium on a page served from one loopback port and calls the demo server on
 * another (CORS) with the browser's own `fetch`. It converts currency on load; cancelling a
 * booking makes the server ask for confirmation, which the page shows as a form and the test
 * answers by clicking, as a user would. Run with `npm run test:browser` (.ci/run does).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttp } from "../../examples/demo-server/http.js";
import { serveFetch } from "../fixtures/servers/node-fetch-server.js";
import type { RunningHttpServer } from "../fixtures/servers/index.js";
import { bundleApp } from "../support/esbuild-app.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";
import { chromiumPath } from "./chromium-path.js";

const PAGE_FOLDER = join(REPOSITORY_ROOT, "examples", "browser");
/** Chromium's start and the page's first call are slow on a loaded two-core machine. */
const BROWSER_TIMEOUT = 120_000;

let demo: RunningHttpServer | undefined;
let site: RunningHttpServer | undefined;
let browser: Browser | undefined;
/** What the page threw or logged as an error: nothing, in every test. */
const pageErrors: string[] = [];

/** Serves index.html and the bundled app.js, nothing else, from 127.0.0.1 on port 0. */
async function serveThePage(): Promise<RunningHttpServer> {
  const html = await readFile(join(PAGE_FOLDER, "index.html"), "utf8");
  const bundle = await bundleApp(join(PAGE_FOLDER, "app.ts"), "browser", "esm");
  const files: Record<string, [string, string]> = {
    "/": [html, "text/html; charset=utf-8"],
    "/app.js": [bundle.code, "text/javascript; charset=utf-8"],
  };
  return serveFetch(async (request) => {
    const file = files[new URL(request.url).pathname];
    if (file === undefined) return new Response(null, { status: 404 });
    return new Response(file[0], { headers: { "content-type": file[1] } });
  }, "/");
}

/** A fresh tab on the page, pointed at the demo server; page errors are collected. */
async function openPage(): Promise<Page> {
  const page = await browser!.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error")
      pageErrors.push(`${message.text()} (${message.location().url})`);
  });
  await page.goto(`${site!.url}?server=${encodeURIComponent(demo!.url)}`);
  return page;
}

beforeAll(async () => {
  assertRuntimeBuilt();
  const executablePath = chromiumPath();
  demo = await startDemoHttp();
  site = await serveThePage();
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
}, BROWSER_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await demo?.close();
});

describe("the demo client in headless Chromium", () => {
  it(
    "calls a tool over HTTP from another origin and shows the typed result",
    async () => {
      const page = await openPage();
      await expect.poll(() => page.textContent("#converted")).toBe("16200");
      // Served from another port than the demo server: a cross-origin call, through CORS.
      expect(new URL(site!.url).origin).not.toBe(new URL(demo!.url).origin);
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );

  it(
    "answers the server's elicitation from a form on the page: yes cancels, decline keeps",
    async () => {
      const page = await openPage();
      await page.click("#cancel:not([disabled])");
      await page.waitForSelector("#confirm:not([hidden])");
      expect(await page.textContent("#question")).toBe(
        "Cancel FL-LIS-OSL-20260612? 85 EUR will be refunded.",
      );
      await page.check("#confirm-box");
      await page.click("#answer");
      await expect.poll(() => page.textContent("#result")).toBe("cancelled: 85 EUR back");
      expect(await page.isHidden("#confirm")).toBe(true);

      await page.click("#cancel:not([disabled])");
      await page.waitForSelector("#confirm:not([hidden])");
      await page.click("#decline");
      await expect
        .poll(() => page.textContent("#result"))
        .toBe("FL-LIS-OSL-20260612 was not cancelled: the user did not confirm.");
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );
});
