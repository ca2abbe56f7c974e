import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TSX_LOADER } from "../support/cli-child.js";

describe("formatModules on server text", () => {
  it("completes on a long run of spaces inside a string literal (run in a child)", () => {
    // A server description of 400,000 spaces and a letter: the batch split trimmed each module
    // with /\s+$/, quadratic on that run (minutes); completion, not speed, is asserted.
    const script = `import("${join(import.meta.dirname, "../../templates/format.ts")}").then(async (m) => {
      const big = "export const a = \\"" + " ".repeat(400000) + "x\\";\\n";
      const out = await m.formatModules([big, "export const b = 1;\\n"]);
      console.log(JSON.stringify([out[0].length, out[1]]));
    });`;
    const run = spawnSync(process.execPath, ["--import", TSX_LOADER, "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect([run.status, run.stdout.trim()]).toEqual([
      0,
      JSON.stringify([400024, "export const b = 1;\n"]),
    ]);
  }, 70_000);
});
