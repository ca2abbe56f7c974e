/**
 * A connect that fails leaves no process behind, including the fresh one it started after the
 * probe: a leaked `cat` keeps its pipes open, and with them the caller's process, forever.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TSX_LOADER } from "../../support/cli-child.js";

const RUNTIME = fileURLToPath(new URL("../../../runtime/node/index.ts", import.meta.url));

describe("connect to a command that never answers", () => {
  it("rejects and lets the process exit: every server it started is stopped", () => {
    const script = `
      const { connect } = await import(${JSON.stringify(RUNTIME)});
      const error = await connect({ command: "cat", stderr: "pipe" }, { timeout: 300 }).catch((e) => e);
      process.stdout.write(error.kind + ": " + error.message);
    `;
    // The limit is a net for the hang being tested, far above the second or so this takes.
    const run = spawnSync(
      process.execPath,
      ["--import", TSX_LOADER, "--input-type=module", "-e", script],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^timeout: connect "cat": the server never answered server\/discover, then initialize within 300 ms/,
    );
  });
});
