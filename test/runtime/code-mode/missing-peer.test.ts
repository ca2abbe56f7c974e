/**
 * Code mode's engine and type stripper are optional peer packages, loaded on first use. In a real
 * Node process whose module resolution is hooked (test/fixtures/code-mode/peer-hooks.mjs): a
 * package that is not installed gives one `input` error naming it and the install command; one
 * that is installed but throws while loading is not reported as missing, and its own error is
 * kept in the message; either way the next attempt loads again instead of replaying the failure.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../../support/cli-child.js";

const CHILD = fileURLToPath(new URL("../../fixtures/code-mode/load-peers.ts", import.meta.url));
const INSTALL =
  "npm install quickjs-emscripten-core@0.32.0 @jitl/quickjs-wasmfile-release-sync@0.32.0 sucrase@3.35.1";

interface Attempt {
  ok: boolean;
  kind?: string;
  message?: string;
}

async function loadWith(extra: Record<string, string>): Promise<Attempt[]> {
  const run = await runNode(["--import", TSX_LOADER, CHILD], process.cwd(), {
    extra,
    killAfterMs: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Attempt[];
}

describe("code mode's optional peer packages", () => {
  it("load when installed (the hooks change nothing else)", async () => {
    expect(await loadWith({})).toEqual([{ ok: true }, { ok: true }]);
  });

  for (const name of [
    "sucrase",
    "quickjs-emscripten-core",
    "@jitl/quickjs-wasmfile-release-sync",
  ]) {
    it(`${name} not installed: an input error that names it and the install command`, async () => {
      const attempts = await loadWith({ PEER_MISSING: name });
      for (const attempt of attempts) {
        expect(attempt.ok).toBe(false);
        expect(attempt.kind).toBe("input");
        expect(attempt.message).toContain(`needs the package ${name}, which is not installed`);
        expect(attempt.message).toContain(INSTALL);
      }
    });
  }

  it("a package that fails while loading is not called missing, and its error is kept", async () => {
    const attempts = await loadWith({ PEER_BROKEN: "quickjs-emscripten-core" });
    for (const attempt of attempts) {
      expect(attempt.ok).toBe(false);
      expect(attempt.kind).toBe("input");
      expect(attempt.message).not.toContain("not installed");
      expect(attempt.message).toContain("quickjs-emscripten-core");
      expect(attempt.message).toContain("wasm file missing");
    }
  });

  it("a failed load is tried again on the next use, not replayed", async () => {
    const missing = await loadWith({ PEER_MISSING: "sucrase", PEER_FAILURES: "1" });
    expect(missing.map((attempt) => attempt.ok)).toEqual([false, true]);
    const broken = await loadWith({ PEER_BROKEN: "quickjs-emscripten-core", PEER_FAILURES: "1" });
    expect(broken.map((attempt) => attempt.ok)).toEqual([false, true]);
  });
});
