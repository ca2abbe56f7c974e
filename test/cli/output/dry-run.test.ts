/**
 * `--dry-run` and `--diff` on `pull` and `generate`, in-process against the contract server over
 * stdio: the server is really asked, nothing is written (no output file, no generation cache, no
 * run record), the counts and file lists say what a real run then does, and the diffs, applied
 * to the folder as it was, give exactly the bytes the real run writes.
 */
import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { applyPatch, parsePatch } from "diff";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTree, readTree } from "../../support/cli-files.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";

/** Every file of the project, caches included, with its bytes and modification time. */
async function everything(project: TempProject): Promise<Record<string, [string, number]>> {
  const texts = await readTree(project.dir, { caches: true });
  const files: Record<string, [string, number]> = {};
  for (const [path, text] of Object.entries(texts)) {
    files[path] = [text, (await stat(join(project.dir, path))).mtimeMs];
  }
  return files;
}

/** The unified diffs in a run's output, applied to `before` (paths relative to the project). */
function applyDiffs(stdout: string, before: Record<string, string>): Record<string, string> {
  const start = stdout.indexOf("--- ");
  expect(start).toBeGreaterThan(0);
  const after = { ...before };
  for (const patch of parsePatch(stdout.slice(start))) {
    const deleted = patch.newFileName === "/dev/null";
    const path = ((deleted ? patch.oldFileName : patch.newFileName) ?? "").replace(/^[ab]\//, "");
    const result = applyPatch(deleted ? before[path]! : (before[path] ?? ""), patch);
    expect(result, path).not.toBe(false);
    if (deleted) {
      expect(result).toBe("");
      delete after[path];
    } else after[path] = result as string;
  }
  return after;
}

const VERSION_1 = [simpleTool("add"), simpleTool("keep"), simpleTool("old")];
const VERSION_2 = [
  { ...simpleTool("add"), description: "Adds, now with a better description." },
  simpleTool("keep"),
  simpleTool("mul"),
];

describe("pull --dry-run and --diff", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("dry-run-pull");
    await project.write("contract.json", { tools: VERSION_1 });
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("mcp-codegen.config.json", { servers: { local: { command, args } } });
  });
  afterAll(() => project.remove());

  it("on a first pull, lists every file as new and writes nothing at all", async () => {
    const before = await everything(project);
    const run = await runCliCaptured(["pull", "--dry-run"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      expect.stringMatching(
        /^local: 3 tools, 0 prompts, 0 resources, 0 resource templates → .*mcp\/local \(dry run: would write 7, delete 0, leave 0 unchanged\)$/,
      ),
      "  write all-tools.ts (new)",
      "  write index.ts (new)",
      "  write mcp.snapshot.json (new)",
      "  write mock.ts (new)",
      "  write tools/add.ts (new)",
      "  write tools/keep.ts (new)",
      "  write tools/old.ts (new)",
    ]);
    expect(await everything(project)).toEqual(before);
  });

  it("after the server changed, counts what would be written, deleted and left, touching nothing", async () => {
    const pulled = await runCliCaptured(["pull"], project.dir);
    expect(pulled.stderr).toBe("");
    await project.write("contract.json", { tools: VERSION_2 });
    const before = await everything(project);
    const run = await runCliCaptured(["pull", "local", "--dry-run"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      expect.stringMatching(
        /^local: 3 tools, .* \(dry run: would write 6, delete 1, leave 1 unchanged\)$/,
      ),
      "  write all-tools.ts",
      "  write index.ts",
      "  write mcp.snapshot.json",
      "  write mock.ts",
      "  write tools/add.ts",
      "  write tools/mul.ts (new)",
      "  delete tools/old.ts",
    ]);
    // Bytes and modification times of every file, the generation cache and run record included.
    expect(await everything(project)).toEqual(before);
  });

  it("--diff prints diffs, by path, that turn the folder into what the real pull writes", async () => {
    const before = await everything(project);
    const run = await runCliCaptured(["pull", "--diff"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await everything(project)).toEqual(before);
    const headers = linesOf(run.stdout).filter((line) => /^(---|\+\+\+) /.test(line));
    expect(headers).toEqual([
      "--- a/mcp/local/all-tools.ts",
      "+++ b/mcp/local/all-tools.ts",
      "--- a/mcp/local/index.ts",
      "+++ b/mcp/local/index.ts",
      "--- a/mcp/local/mcp.snapshot.json",
      "+++ b/mcp/local/mcp.snapshot.json",
      "--- a/mcp/local/mock.ts",
      "+++ b/mcp/local/mock.ts",
      "--- a/mcp/local/tools/add.ts",
      "+++ b/mcp/local/tools/add.ts",
      "--- /dev/null",
      "+++ b/mcp/local/tools/mul.ts",
      "--- a/mcp/local/tools/old.ts",
      "+++ /dev/null",
    ]);
    expect(run.stdout).toContain("\n- * The add tool.\n+ * Adds, now with a better description.\n");
    const oldText = before["mcp/local/tools/old.ts"]![0];
    // A deleted file is diffed against nothing: every line of it removed.
    expect(run.stdout).toContain(
      oldText
        .replace(/\n$/, "")
        .split("\n")
        .map((line) => `-${line}`)
        .join("\n"),
    );

    const texts = (tree: Record<string, [string, number]>) =>
      Object.fromEntries(
        Object.entries(tree)
          .filter(([path]) => path.startsWith("mcp/"))
          .map(([path, [text]]) => [path, text]),
      );
    const patched = applyDiffs(run.stdout, texts(before));
    const real = await runCliCaptured(["pull"], project.dir);
    expect(real.stdout).toMatch(/\(6 written, 1 unchanged, removed 1 stale\)\n$/);
    expect(texts(await everything(project))).toEqual(patched);
  });

  it("plans with the same ownership rules as a write: a file of the user's in the way is exit 2", async () => {
    await project.write("foreign/index.ts", "export const mine = 1;\n");
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    const before = await everything(project);
    const run = await runCliCaptured(
      ["pull", "--dry-run", "--out", "foreign", "--", command, ...args],
      project.dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/foreign\/index\.ts exists and was not generated by mcp-codegen/);
    expect(await everything(project)).toEqual(before);
  });
});

describe("generate --dry-run and --diff", () => {
  let project: TempProject;
  let recordFiles: () => Promise<string[]>;

  beforeAll(async () => {
    project = await createTempProject("dry-run-generate");
    await project.write("contract.json", { tools: VERSION_1 });
    const [command, ...args] = contractServerCommand(project.path("contract.json"));
    await project.write("mcp-codegen.config.json", { servers: { local: { command, args } } });
    const pulled = await runCliCaptured(["pull"], project.dir);
    expect(pulled.stderr).toBe("");
    recordFiles = async () =>
      (await listTree(project.path("node_modules/.cache/mcp-codegen"), { caches: true })).filter(
        (file) => file.endsWith(".run.json"),
      );
  });
  afterAll(() => project.remove());

  it("with nothing to do, says so and leaves the run record alone", async () => {
    const run = await runCliCaptured(["generate", "--dry-run"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^local: 7 files → .*mcp\/local \(dry run: would write 0, delete 0, leave 7 unchanged\)\n$/,
    );
  });

  it("finds a hand-edited file, diffs it back, and writes neither it nor a run record", async () => {
    const edited = (await readTree(project.path("mcp/local")))["tools/keep.ts"]!.replace(
      "\n * The keep tool.\n",
      "\n * Edited by hand.\n",
    );
    await project.write("mcp/local/tools/keep.ts", edited);
    for (const file of await recordFiles())
      await rm(project.path("node_modules/.cache/mcp-codegen", file));
    const before = await everything(project);

    const dry = await runCliCaptured(["generate", "--dry-run"], project.dir);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(linesOf(dry.stdout)).toEqual([
      expect.stringMatching(
        /^local: 7 files → .* \(dry run: would write 1, delete 0, leave 6 unchanged\)$/,
      ),
      "  write tools/keep.ts",
    ]);

    const diff = await runCliCaptured(["generate", "--server", "local", "--diff"], project.dir);
    expect(diff.code).toBe(0);
    expect(linesOf(diff.stdout).slice(2)).toEqual([
      "--- a/mcp/local/tools/keep.ts",
      "+++ b/mcp/local/tools/keep.ts",
      expect.stringMatching(/^@@ -\d+,7 \+\d+,7 @@$/),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      "- * Edited by hand.",
      "+ * The keep tool.",
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(await everything(project)).toEqual(before);
    expect(await recordFiles()).toEqual([]);

    const real = await runCliCaptured(["generate"], project.dir);
    expect(real.stdout).toMatch(/\(1 written, 6 unchanged\)\n$/);
    expect(await recordFiles()).toHaveLength(1);
  });
});
