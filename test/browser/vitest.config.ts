/**
 * `npm run test:browser`: the repository's vitest settings, for the headless-browser tests only.
 * They need Chromium (see chromium-path.ts), so the main run leaves them out and .ci/run runs
 * them beside it; in CI their JSON report goes to its own file for the closing line.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config.js";

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL("../../", import.meta.url)),
  test: {
    ...base.test,
    include: ["test/browser/**/*.test.ts"],
    exclude: [],
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".tmp/vitest-browser-report.json" }]]
      : ["default"],
  },
});
