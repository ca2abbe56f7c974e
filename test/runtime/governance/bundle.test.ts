/**
 * Governance costs an app that never gives a RegExp nothing of the linear-time engine: the
 * selection loads it with a dynamic import, which a bundler splits into a chunk of its own.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../support/bundle.js";

const ROOT = join(import.meta.dirname, "../../..");
const WORK = join(ROOT, ".tmp", "governance-bundle");
const RUNTIME = JSON.stringify(join(ROOT, "runtime/index.js"));

describe("governance in a bundle", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  it("keeps the RE2 engine out of the entry chunk of an app that connects and governs", async () => {
    const code = await bundleEntry(
      WORK,
      `export { connect, askBeforeUnsafeTools } from ${RUNTIME};`,
      (id) => id.startsWith("node:") || ["zod", "undici", "eventsource-parser"].includes(id),
    );
    expect(code).toContain("askBeforeUnsafeTools");
    // The engine's class, not its name: the runtime names `RE2JS` where it reads the loaded chunk.
    expect(code).not.toContain("class RE2JS");
  });
});
