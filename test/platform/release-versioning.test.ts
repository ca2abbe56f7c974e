/**
 * The two packages are versioned together: changesets versions the runtime (the workspace; it
 * never versions a workspace root, which the CLI is), and `npm run version-packages` then gives
 * the CLI the same version, its exact dependency on the runtime, and the CHANGELOG section
 * (scripts/sync-cli-version.ts). So a release never pairs a CLI with a runtime it was not built
 * against. Both steps run on a copy of the manifests; the repository is left alone. Both
 * manifests say how they are published (public, with provenance).
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";

const SYNC_SCRIPT = join(REPOSITORY_ROOT, "scripts", "sync-cli-version.ts");
const CHANGESET_BIN = join(
  dirname(createRequire(import.meta.url).resolve("@changesets/cli/package.json")),
  "bin.js",
);

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
  files?: string[];
}

async function manifest(folder: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as Manifest;
}

let copy = "";

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), "mcp-codegen-changesets-"));
  for (const path of [
    "package.json",
    "CHANGELOG.md",
    ".changeset/config.json",
    "runtime/package.json",
    "runtime/CHANGELOG.md",
  ]) {
    await mkdir(dirname(join(copy, path)), { recursive: true });
    await cp(join(REPOSITORY_ROOT, path), join(copy, path));
  }
});

afterAll(async () => {
  if (copy !== "") await rm(copy, { recursive: true, force: true });
});

describe("versioning with changesets", () => {
  it("starts with both packages at one version, the CLI pinned to that runtime", async () => {
    const cli = await manifest(REPOSITORY_ROOT);
    const runtime = await manifest(join(REPOSITORY_ROOT, "runtime"));
    expect(runtime.version).toBe(cli.version);
    expect(cli.dependencies?.["@mcp-codegen/runtime"]).toBe(runtime.version);
  });

  it.each(["patch", "minor"])(
    "bumps both packages on a %s changeset, and the CLI's runtime dependency with them",
    async (bump) => {
      const changed = "@mcp-codegen/runtime";
      const before = await manifest(copy);
      const folder = await mkdtemp(join(tmpdir(), "mcp-codegen-changesets-case-"));
      try {
        await cp(copy, folder, { recursive: true });
        await writeFile(
          join(folder, ".changeset", "a-change.md"),
          `---\n"${changed}": ${bump}\n---\n\nA ${bump} change.\n`,
        );
        const run = promisify(execFile);
        await run(process.execPath, [CHANGESET_BIN, "version"], { cwd: folder });
        await run(process.execPath, ["--import", "tsx", SYNC_SCRIPT, "--root", folder], {
          cwd: REPOSITORY_ROOT,
        });
        const cli = await manifest(folder);
        const runtime = await manifest(join(folder, "runtime"));
        expect(cli.version).not.toBe(before.version);
        expect(runtime.version).toBe(cli.version);
        expect(cli.dependencies?.["@mcp-codegen/runtime"]).toBe(runtime.version);
        const changelog = await readFile(join(folder, "CHANGELOG.md"), "utf8");
        expect(changelog).toContain(`## ${cli.version}`);
        expect(changelog).toContain(`A ${bump} change.`);
        // Above the earlier release's section, below the title.
        expect(changelog.indexOf(`## ${cli.version}`)).toBeLessThan(
          changelog.indexOf(`## ${before.version}`),
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  it.each([".", "runtime"])(
    "publishes %s publicly, with provenance, with its CHANGELOG",
    async (folder) => {
      const found = await manifest(join(REPOSITORY_ROOT, folder));
      expect(found.publishConfig).toEqual({ access: "public", provenance: true });
      expect(found.files).toContain("CHANGELOG.md");
    },
  );
});
