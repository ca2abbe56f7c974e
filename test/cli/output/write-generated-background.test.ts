/**
 * `writeGenerated` with the background writer (background-writes.ts): a large catalog's new
 * folder is written while it renders, byte for byte what generation gives; a run that fails
 * after files were handed over leaves no trace; `--strict` never starts the writer.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeGenerated } from "../../../cli/output/write-generated.js";
import type { WarningPolicy } from "../../../cli/output/generation-warnings.js";
import type { Reporter } from "../../../cli/terminal/reporter.js";
import { generateFiles } from "../../../templates/generate.js";
import type { Snapshot } from "../../../templates/snapshot.js";
import { syntheticSnapshot } from "../../bench/synthetic-snapshot.js";
import { PACKAGE_VERSION } from "../../../cli/output/package-info.js";

const TSX_WRITER = new URL("../../support/tsx-file-writer.mjs", import.meta.url);
const options = { background: { entry: TSX_WRITER } };

let base: string;
let log: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "mcp-write-background-"));
  log = join(base, "writer.log");
  // The test writer notes each folder it is started for (test/support/tsx-file-writer.mjs).
  process.env.FILE_WRITER_LOG = log;
});
afterEach(() => {
  delete process.env.FILE_WRITER_LOG;
  rmSync(base, { recursive: true, force: true });
});

const started = (): string[] =>
  existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];

function reporter(warn: (line: string) => void = () => undefined): Reporter {
  const quiet = () => undefined;
  return { progress: quiet, info: quiet, warn, error: quiet };
}

/** 120 tools, one of which warns (its property is typed as unknown). */
function catalog(): Snapshot {
  const snapshot = syntheticSnapshot(119);
  return {
    ...snapshot,
    tools: [
      ...snapshot.tools,
      {
        name: "odd",
        inputSchema: { type: "object", properties: { x: { type: "nonsense" } } },
      } as unknown as Snapshot["tools"][number],
    ],
  };
}

/** `writeGenerated` of `snapshot` into `out`, with the test writer. */
function generateInto(out: string, policy: WarningPolicy, snapshot: Snapshot = catalog()) {
  return writeGenerated(snapshot, out, "synthetic", base, policy, options);
}

/** Every file under `folder`, relative, `/`-separated, with its text. */
function read(folder: string, prefix = ""): Array<[string, string]> {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry): Array<[string, string]> => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return read(path, `${prefix}${entry.name}/`);
      return [[`${prefix}${entry.name}`, readFileSync(path, "utf8")]];
    })
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

describe("writeGenerated with the background writer", () => {
  it("writes a new folder while rendering, exactly the files generation gives", async () => {
    const out = join(base, "src", "mcp");
    const snapshot = catalog();
    const warnings: string[] = [];
    const policy = { reporter: reporter((line) => warnings.push(line)), strict: false };
    const stats = await generateInto(out, policy, snapshot);
    expect(started()).toEqual([out]);
    const expected = await generateFiles(snapshot, { generatorVersion: PACKAGE_VERSION });
    expect(read(out)).toEqual(expected.map((file) => [file.path, file.content]));
    expect(stats.written.sort()).toEqual(expected.map((file) => file.path).sort());
    expect(warnings).toHaveLength(1);
  });

  it("writes beside the lone snapshot of a fresh checkout, as generate finds it", async () => {
    const out = join(base, "mcp");
    const snapshot = catalog();
    const expected = await generateFiles(snapshot, { generatorVersion: PACKAGE_VERSION });
    mkdirSync(out);
    const stored = expected.find((file) => file.path === "mcp.snapshot.json")!;
    writeFileSync(join(out, stored.path), stored.content);
    const policy = { reporter: reporter(), strict: false };
    const stats = await generateInto(out, policy, snapshot);
    expect(started()).toEqual([out]);
    expect(read(out)).toEqual(expected.map((file) => [file.path, file.content]));
    expect(stats.unchanged).toBe(1);
    expect(stats.written).toHaveLength(expected.length - 1);
  });

  it("leaves no trace of a run that fails once files were handed over", async () => {
    const out = join(base, "deep", "mcp");
    const failing = reporter(() => {
      throw new Error("the reporter broke");
    });
    await expect(generateInto(out, { reporter: failing, strict: false })).rejects.toThrow(
      "the reporter broke",
    );
    expect(started()).toEqual([out]);
    expect(existsSync(join(base, "deep"))).toBe(false);
  });

  it("writes a smaller catalog after rendering, on this thread, as the guide says", async () => {
    const out = join(base, "small");
    const policy = { reporter: reporter(), strict: false };
    const stats = await generateInto(out, policy, syntheticSnapshot(99));
    expect(started()).toEqual([]);
    expect(stats.written).toHaveLength(stats.files);
    expect(await generateInto(join(base, "large"), policy, syntheticSnapshot(100))).toBeDefined();
    expect(started()).toEqual([join(base, "large")]);
  });

  it("does not start the writer under --strict, and a warning writes nothing", async () => {
    const out = join(base, "mcp");
    await expect(generateInto(out, { reporter: reporter(), strict: true })).rejects.toMatchObject({
      exitCode: 4,
    });
    expect(started()).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
});
