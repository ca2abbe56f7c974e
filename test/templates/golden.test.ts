/**
 * Golden files: every case under test/golden/ is regenerated from its `mcp.snapshot.json` and
 * compared byte for byte with its committed `expected/` tree; a failure names the missing, extra
 * and different files and prints a line diff of the first different one.
 *
 * After an intended change to generated code, rewrite the expected trees and review the diff:
 *
 *     UPDATE_GOLDEN=1 npx vitest run test/templates/golden.test.ts
 *
 * (`test/golden/make-large.ts` rewrites the `large` case's snapshot; run it first if you changed
 * it.) The demo client in examples/trip-planner is checked the same way, with the package's own
 * version in its headers; it is never rewritten here: regenerate it with
 * `mcp-codegen generate --snapshot examples/trip-planner/mcp.snapshot.json --out examples/trip-planner`.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_VERSION } from "../../cli/output/package-info.js";
import { createSnapshot } from "../../templates/snapshot.js";
import { compareTrees } from "../support/golden-diff.js";
import {
  caseDir,
  expectedDir,
  generateGolden,
  goldenCaseNames,
  loadSnapshot,
  readTree,
  REPOSITORY_ROOT,
} from "../support/golden-cases.js";

const UPDATE = process.env.UPDATE_GOLDEN === "1";

/**
 * Text in test/golden/hostile that tries to open a JSDoc tag from a description or title. In a
 * comment each must be escaped as TSDoc says (`\@`), or an IDE would show a server's
 * `@deprecated` as ours.
 */
const INJECTED_TAGS = [
  "@deprecated injected",
  "@param client - hijacked",
  "{@link https://evil",
  "@deprecated title",
  "@deprecated not really",
  "@see evil",
];
const CASES = goldenCaseNames();

/** Replaces `dir` with exactly `files`, so a file the generator stopped writing disappears. */
function rewriteTree(dir: string, files: ReadonlyMap<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

describe("golden files", () => {
  it("has the corpus the brief asks for", () => {
    expect(CASES).toEqual(
      expect.arrayContaining(["edge-schemas", "empty", "hostile", "large", "prompts-resources"]),
    );
  });

  describe.each(CASES)("%s", (name) => {
    // Key and list order as `pull` writes them; whitespace is prettier's (the file is checked in).
    it("has a snapshot in normal form (what `pull` would have written)", () => {
      const snapshot = loadSnapshot(caseDir(name));
      expect(
        JSON.stringify(createSnapshot(snapshot)),
        "run `npx tsx test/support/golden-normalise.ts` on it",
      ).toBe(JSON.stringify(snapshot));
    });

    it("regenerates the expected files byte for byte", async () => {
      const generated = await generateGolden(loadSnapshot(caseDir(name)));
      const actual = new Map(generated.map((file) => [file.path, file.content]));
      if (UPDATE) rewriteTree(expectedDir(name), actual);
      const report = compareTrees(readTree(expectedDir(name)), actual);
      if (report !== null) {
        expect.fail(
          `test/golden/${name}/expected differs from the generator's output ` +
            `(UPDATE_GOLDEN=1 rewrites it; review the diff before committing):\n${report}`,
        );
      }
    });
  });

  // Bytes alone would enshrine an injection; this says what must never be in them.
  it("hostile: no server text becomes a JSDoc tag", async () => {
    const files = await generateGolden(loadSnapshot(caseDir("hostile")));
    const offenders: string[] = [];
    const seen = new Set<string>();
    for (const { path, content } of files.filter((file) => file.path.endsWith(".ts"))) {
      content.split("\n").forEach((line, index) => {
        const text = line.trimStart();
        if (!text.startsWith("*") && !text.startsWith("/**")) return;
        for (const payload of INJECTED_TAGS) {
          // Escaped, `{@link` reads `{\@link`: compare without the escape to find it at all.
          if (text.replaceAll("\\@", "@").includes(payload)) seen.add(payload);
          const at = text.indexOf(payload);
          if (at >= 0 && text[at - 1] !== "\\") offenders.push(`${path}:${index + 1}: ${text}`);
        }
      });
    }
    expect(offenders).toEqual([]);
    // Every payload reached a comment, so the check above was not vacuous.
    expect([...seen].sort()).toEqual([...INJECTED_TAGS].sort());
  });

  it("examples/trip-planner is what the generator makes of its snapshot", async () => {
    const dir = join(REPOSITORY_ROOT, "examples", "trip-planner");
    const generated = await generateGolden(loadSnapshot(dir), PACKAGE_VERSION);
    const report = compareTrees(
      readTree(dir),
      new Map(generated.map((file) => [file.path, file.content])),
    );
    if (report !== null) {
      expect.fail(
        `examples/trip-planner is stale; regenerate it with mcp-codegen generate:\n${report}`,
      );
    }
  });
});
