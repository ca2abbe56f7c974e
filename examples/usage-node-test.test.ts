/**
 * Runs usage.node-test.ts under `node --test`, as a project on Node's own test runner would: the
 * generated mock client works there too, against the built runtime package.
 */
import { describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../test/support/cli-child.js";
import { REPO_ROOT } from "../test/support/cli-run.js";

describe("examples/usage.node-test.ts", () => {
  it("passes under node --test, with no server running", async () => {
    const run = await runNode(
      ["--test", "--test-reporter=tap", "--import", TSX_LOADER, "examples/usage.node-test.ts"],
      REPO_ROOT,
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^# pass 2$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
    expect(run.code).toBe(0);
  });
});
