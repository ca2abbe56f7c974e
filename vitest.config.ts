import { defineConfig } from "vitest/config";

// Tests spawn real servers and child processes; two cores, so keep parallelism modest and
// give process-heavy tests room without ever asserting wall-clock times.
export default defineConfig({
  test: {
    include: [
      "test/**/*.test.ts",
      "runtime/**/*.test.ts",
      "templates/**/*.test.ts",
      "cli/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    // In CI a JSON report too, so .ci/run can print the plain "N passed, N failed" line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]]
      : ["default"],
  },
});
