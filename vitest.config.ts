import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Tests spawn real servers and child processes; two cores, so keep parallelism modest and
// give process-heavy tests room without ever asserting wall-clock times.
export default defineConfig({
  // Tests run the runtime package from its sources (the Node entry), as tsconfig.json's "paths"
  // type it, so the CLI under test and the runtime share one copy.
  resolve: {
    alias: [
      { find: /^@mcp-codegen\/runtime$/, replacement: source("./runtime/node/index.ts") },
      { find: /^@mcp-codegen\/runtime\/internal$/, replacement: source("./runtime/internal.ts") },
      {
        find: /^@mcp-codegen\/runtime\/code-mode$/,
        replacement: source("./runtime/code-mode/index.ts"),
      },
      {
        find: /^@mcp-codegen\/runtime\/node\/auth$/,
        replacement: source("./runtime/node/auth.ts"),
      },
      {
        find: /^@mcp-codegen\/runtime\/node\/prestart$/,
        replacement: source("./runtime/node/prestart.ts"),
      },
      // The package entry too, for examples that import it by name (examples/build-plugin.ts).
      { find: /^mcp-codegen$/, replacement: source("./cli/index.ts") },
    ],
  },
  test: {
    include: [
      "test/**/*.test.ts",
      "runtime/**/*.test.ts",
      "templates/**/*.test.ts",
      "cli/**/*.test.ts",
      // Tests of the examples' application code, with the generated mock client.
      "examples/**/*.test.ts",
    ],
    // Headless Chromium: `npm run test:browser` (test/browser/vitest.config.ts), run by .ci/run.
    exclude: [...configDefaults.exclude, "test/browser/**"],
    // A net for hangs, not a speed check: tests that run the TypeScript compiler take 10-25 s
    // alone and three times that on a loaded two-core machine.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: "forks",
    maxWorkers: 2,
    // In CI a JSON report too, so .ci/run can print the plain "N passed, N failed" line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]]
      : ["default"],
  },
});
