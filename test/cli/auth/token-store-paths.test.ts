/**
 * `--token-store FILE` against whatever is already at FILE, through the built bin as a real child
 * process signing in with client credentials: for every kind of entry the outcome is either
 * "written, ours" (a regular 0600 file holding the tool's marked store) or "refused, untouched"
 * (exit 2, one `error:` line, the entry and anything a link points to unchanged: type, bytes,
 * mode, link text). An SSH key given by mistake is never replaced with JSON.
 */
import { execFileSync } from "node:child_process";
import { lstat, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileTokenStore } from "../../../runtime/node/file-token-store.js";
import { runNode } from "../../support/cli-child.js";
import { pathFingerprint } from "../../support/path-fingerprint.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../../support/cli-run.js";
import { startProtectedServer, type ProtectedServer } from "./protected-server.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");
const KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";

let server: ProtectedServer;
let project: TempProject;
let outside: TempProject;

beforeAll(async () => {
  server = await startProtectedServer();
  project = await createTempProject("token-store-paths");
  outside = await createTempProject("token-store-outside");
});
afterAll(async () => {
  await server.close();
  await project.remove();
  await outside.remove();
});

type Setup = (path: string, dir: string) => Promise<void>;

const file =
  (text: string, mode = 0o600): Setup =>
  async (path) => {
    await writeFile(path, text, { mode });
  };

/** Both outcomes, by kind of entry. */
const written: Record<string, Setup> = {
  nothing: async () => undefined,
  "a token store mcp-codegen wrote": async (path) => {
    await fileTokenStore(path).set("oauth-client https://elsewhere.example", { client_id: "x" });
  },
  "a token store of an earlier version (no marker)": file('{"formatVersion":1,"records":{}}\n'),
};

const refused: Record<string, Setup> = {
  "a private key (0600)": file(KEY),
  "a private key readable by others (0644)": file(KEY, 0o644),
  "an empty file": file(""),
  "JSON of another tool": file('{"compilerOptions":{"strict":true}}\n'),
  "a store with another marker version": file(
    '{"format":"mcp-codegen token store","formatVersion":2,"records":{}}\n',
  ),
  "a link to a private key": async (path, dir) => {
    await writeFile(join(dir, "id_ed25519"), KEY, { mode: 0o600 });
    await symlink(join(dir, "id_ed25519"), path);
  },
  "a link to a token store mcp-codegen wrote": async (path, dir) => {
    await fileTokenStore(join(dir, "real.json")).set("k", { v: 1 });
    await symlink(join(dir, "real.json"), path);
  },
  "a dangling link": async (path, dir) => {
    await symlink(join(dir, "not-yet"), path);
  },
  "a link to a folder": async (path, dir) => {
    await mkdir(join(dir, "folder"));
    await symlink(join(dir, "folder"), path);
  },
  "a folder": async (path) => {
    await mkdir(path);
  },
  "a fifo": async (path) => {
    execFileSync("mkfifo", ["-m", "600", path]);
  },
};

let counter = 0;

/** A fresh folder with `setup` done at its `tokens.json`; the pull runs with `--token-store` there. */
async function pullWith(setup: Setup) {
  const dir = outside.path(`case-${++counter}`);
  await mkdir(dir);
  const store = join(dir, "tokens.json");
  await setup(store, dir);
  const before = await pathFingerprint(store);
  const run = await runNode(
    [
      BIN,
      "pull",
      "--url",
      server.mcpUrl,
      "--out",
      `mcp/case-${counter}`,
      "--client-credentials",
      "--token-store",
      store,
    ],
    project.dir,
    {
      // Far above a pull's time on a loaded machine; a run blocked on a fifo is ended here.
      killAfterMs: 20_000,
      env: {
        PATH: process.env.PATH,
        CI: "true",
        MCP_CODEGEN_CLIENT_ID: server.machineClient.id,
        MCP_CODEGEN_CLIENT_SECRET: server.machineClient.secret,
      },
    },
  );
  return { run, store, before, after: await pathFingerprint(store) };
}

describe("--token-store FILE, by what is already at FILE", () => {
  it.each(Object.entries(written))(
    "%s: written, and ours",
    { timeout: 30_000 },
    async (_, setup) => {
      const { run, store } = await pullWith(setup);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const stats = await lstat(store);
      expect(stats.isFile()).toBe(true);
      expect(stats.mode & 0o777).toBe(0o600);
      const stored = JSON.parse(await readFile(store, "utf8")) as Record<string, unknown>;
      expect(stored).toMatchObject({ format: "mcp-codegen token store", formatVersion: 1 });
      expect(
        Object.keys(stored.records as object).some((key) => key.startsWith("oauth-tokens ")),
      ).toBe(true);
    },
  );

  it.each(Object.entries(refused))(
    "%s: refused, untouched",
    { timeout: 30_000 },
    async (_, setup) => {
      const { run, before, after } = await pullWith(setup);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error: [^\n]*token store [^\n]*\n$/);
      expect(after).toEqual(before);
    },
  );
});
