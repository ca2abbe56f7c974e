import {
  chmod,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import {
  defaultTokenStorePath,
  fileTokenStore,
  storeFileProblem,
} from "../../../runtime/node/file-token-store.js";
import type { JsonObject } from "../../../runtime/protocol/types.js";

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "token-store-"));
  file = join(folder, "config", "mcp-codegen", "tokens.json");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A text the store would read: exactly `formatVersion: 1` and a records object (no marker). */
function isStoreText(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const { formatVersion, records, ...rest } = value as Record<string, unknown>;
    return (
      formatVersion === 1 &&
      typeof records === "object" &&
      records !== null &&
      !Array.isArray(records) &&
      Object.keys(rest).length === 0
    );
  } catch {
    return false;
  }
}

/** The McpError message `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  expect(error.kind).toBe("input");
  return error.message;
}

describe("fileTokenStore", () => {
  it("round-trips records across store instances, and creates the file 0600 in a folder 0700", async () => {
    const store = fileTokenStore(file);
    expect(await store.get("a")).toBeUndefined();
    await store.set("a", { access_token: "t1", nested: { scopes: ["x", "y"] } });
    await store.set("b", { n: 1 });
    await store.delete("b");
    await store.delete("never-there");
    const again = fileTokenStore(file);
    expect(await again.get("a")).toEqual({ access_token: "t1", nested: { scopes: ["x", "y"] } });
    expect(await again.get("b")).toBeUndefined();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder, "config", "mcp-codegen"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, "config"))).mode & 0o777).toBe(0o700);
    // No temporary file is left behind.
    expect(await readdir(join(folder, "config", "mcp-codegen"))).toEqual(["tokens.json"]);
  });

  it("hands out copies: mutating what was written or read changes nothing stored", async () => {
    const store = fileTokenStore(file);
    const record: JsonObject = { list: [1] };
    const pending = store.set("k", record);
    (record.list as number[]).push(2);
    await pending;
    const read = (await store.get("k"))!;
    (read.list as number[]).push(3);
    expect(await store.get("k")).toEqual({ list: [1] });
  });

  it.each([0o644, 0o640, 0o604, 0o620, 0o660])(
    "refuses a file with mode %o, saying to chmod 600",
    async (mode) => {
      const store = fileTokenStore(file);
      await store.set("k", { v: 1 });
      await chmod(file, mode);
      expect(await rejection(store.get("k"))).toMatch(/other users can open it: run chmod 600/);
      // A write is refused too, and leaves the file as it was.
      const before = await readFile(file, "utf8");
      expect(await rejection(store.set("k", { v: 2 }))).toMatch(/chmod 600/);
      expect(await readFile(file, "utf8")).toBe(before);
    },
  );

  it("refuses a symbolic link planted at the path, and never writes through it", async () => {
    const store = fileTokenStore(file);
    await store.set("k", { v: 1 });
    const victim = join(folder, "victim.json");
    await writeFile(victim, "precious", { mode: 0o600 });
    await rm(file);
    await symlink(victim, file);
    expect(await rejection(store.get("k"))).toMatch(/is a symbolic link/);
    expect(await rejection(store.set("k", { v: 2 }))).toMatch(/is a symbolic link/);
    expect(await readFile(victim, "utf8")).toBe("precious");
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
  });

  it("replaces the file instead of writing into it: a hard link to the old file keeps the old text", async () => {
    const store = fileTokenStore(file);
    await store.set("k", { v: 1 });
    const other = join(folder, "hard-link.json");
    await link(file, other);
    const before = await readFile(other, "utf8");
    await store.set("k", { v: 2 });
    expect(await readFile(other, "utf8")).toBe(before);
    expect(await fileTokenStore(file).get("k")).toEqual({ v: 2 });
  });

  it("refuses a folder where the file should be", async () => {
    const store = fileTokenStore(folder);
    expect(await rejection(store.get("k"))).toMatch(/is not a regular file/);
  });

  it.each([
    ["not JSON", "{ half"],
    ["JSON of another shape", '["a"]'],
    ["another format version", '{"formatVersion":2,"records":{"k":{"v":1}}}'],
    ["our marker with another version", '{"format":"mcp-codegen token store","formatVersion":2}'],
    ["records that are not an object", '{"formatVersion":1,"records":[]}'],
    ["an unmarked store with more fields", '{"formatVersion":1,"records":{},"name":"x"}'],
    ["empty", ""],
  ])("refuses a file it did not write (%s), and leaves it untouched", async (_, text) => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { mode: 0o600 });
    const store = fileTokenStore(file);
    expect(await rejection(store.get("k"))).toMatch(
      /does not read|not a token store mcp-codegen wrote/,
    );
    expect(await rejection(store.set("k", { v: 1 }))).toMatch(/left as it is/);
    expect(await rejection(store.delete("k"))).toMatch(/left as it is/);
    expect(await readFile(file, "utf8")).toBe(text);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("never replaces a file holding anything but a store it wrote", async () => {
    await mkdir(dirname(file), { recursive: true });
    const store = fileTokenStore(file);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
          // Near misses of the store's own shape.
          fc
            .record({ formatVersion: fc.jsonValue(), records: fc.jsonValue() })
            .map((value) => JSON.stringify(value)),
        ),
        async (text) => {
          fc.pre(!isStoreText(text));
          await writeFile(file, text, { mode: 0o600 });
          await expect(store.set("k", { v: 1 })).rejects.toThrow(/left as it is/);
          expect(await readFile(file, "utf8")).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("marks what it writes, and reads a store written before the marker", async () => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '{"formatVersion":1,"records":{"old":{"v":0}}}', { mode: 0o600 });
    const store = fileTokenStore(file);
    expect(await store.get("old")).toEqual({ v: 0 });
    await store.set("k", { v: 1 });
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      format: "mcp-codegen token store",
      formatVersion: 1,
      records: { old: { v: 0 }, k: { v: 1 } },
    });
  });

  it("drops single records that are not objects and keeps the others", async () => {
    const store = fileTokenStore(file);
    await store.set("seed", { v: 0 });
    const records = { good: { v: 1 }, text: "x", list: [1], none: null };
    await writeFile(file, JSON.stringify({ formatVersion: 1, records }), { mode: 0o600 });
    expect(await store.get("good")).toEqual({ v: 1 });
    for (const key of ["text", "list", "none"]) expect(await store.get(key)).toBeUndefined();
  });

  it("loses no update when many set() and delete() calls run at once", async () => {
    const store = fileTokenStore(file);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.set(`key ${i}`, { i })).concat(
        store.delete("key 0"),
      ),
    );
    const text = JSON.parse(await readFile(file, "utf8")) as { records: Record<string, unknown> };
    // delete("key 0") was queued after set("key 0"), so it wins.
    expect(Object.keys(text.records)).toHaveLength(39);
    expect(await fileTokenStore(file).get("key 39")).toEqual({ i: 39 });
  });

  it("loses no update when two stores on one path write at once", async () => {
    const stores = [
      fileTokenStore(file),
      fileTokenStore(join(folder, "config", "..", "config", "mcp-codegen", "tokens.json")),
    ];
    await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 2]!.set(`key ${i}`, { i })));
    const text = JSON.parse(await readFile(file, "utf8")) as { records: Record<string, unknown> };
    expect(Object.keys(text.records)).toHaveLength(30);
  });

  it("rejects a record that is not JSON without touching the file", async () => {
    const store = fileTokenStore(file);
    const cyclic: JsonObject = {};
    cyclic.self = cyclic;
    expect(await rejection(store.set("k", cyclic))).toMatch(/record "k" is not JSON/);
    // The queue still runs after a failed operation.
    await store.set("k", { v: 1 });
    expect(await store.get("k")).toEqual({ v: 1 });
  });

  it("keeps any JSON record under any key, as JSON would give it back", async () => {
    const store = fileTokenStore(file);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.dictionary(fc.string(), fc.jsonValue()), { maxKeys: 5 }),
        async (records) => {
          for (const [key, record] of Object.entries(records)) await store.set(key, record);
          const fresh = fileTokenStore(file);
          for (const [key, record] of Object.entries(records)) {
            expect(await fresh.get(key)).toEqual(JSON.parse(JSON.stringify(record)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("storeFileProblem", () => {
  const stats = (mode: number, uid: number, isFile = true) => ({ mode, uid, isFile: () => isFile });

  it("refuses a file of another user, naming both users", () => {
    expect(storeFileProblem("/t.json", stats(0o100600, 1001), 1000)).toBe(
      "token store /t.json belongs to user 1001, not to you (1000): remove it, or set MCP_CODEGEN_TOKEN_STORE to a path of your own",
    );
  });

  it("accepts the owner's 0600 and 0400 files, and anything on Windows (no uid)", () => {
    expect(storeFileProblem("/t.json", stats(0o100600, 1000), 1000)).toBeUndefined();
    expect(storeFileProblem("/t.json", stats(0o100400, 1000), 1000)).toBeUndefined();
    expect(storeFileProblem("C:\\t.json", stats(0o100666, 0), undefined)).toBeUndefined();
  });

  it("refuses every mode that lets the group or others in", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0o77 }),
        fc.integer({ min: 0, max: 0o7 }),
        (low, user) => {
          const mode = 0o100000 | (user << 6) | low;
          expect(storeFileProblem("/t.json", stats(mode, 7), 7)).toMatch(/chmod 600/);
        },
      ),
    );
  });
});

describe("defaultTokenStorePath", () => {
  // [env, platform, want]
  const table: ReadonlyArray<readonly [Record<string, string>, NodeJS.Platform, string]> = [
    [{}, "linux", "/home/u/.config/mcp-codegen/tokens.json"],
    [{ XDG_CONFIG_HOME: "/xdg" }, "linux", "/xdg/mcp-codegen/tokens.json"],
    // A relative XDG_CONFIG_HOME is invalid and ignored.
    [{ XDG_CONFIG_HOME: "rel" }, "darwin", "/home/u/.config/mcp-codegen/tokens.json"],
    [{ XDG_CONFIG_HOME: "" }, "linux", "/home/u/.config/mcp-codegen/tokens.json"],
    [
      { APPDATA: "C:\\Users\\u\\AppData\\Roaming" },
      "win32",
      "C:\\Users\\u\\AppData\\Roaming\\mcp-codegen\\tokens.json",
    ],
    [
      { MCP_CODEGEN_TOKEN_STORE: "/elsewhere/t.json", XDG_CONFIG_HOME: "/xdg" },
      "linux",
      "/elsewhere/t.json",
    ],
  ];
  it.each(table)("%j on %s → %s", (env, platform, want) => {
    expect(defaultTokenStorePath(env, platform, "/home/u")).toBe(want);
  });

  it("falls back to the profile's Roaming folder on Windows without APPDATA", () => {
    expect(defaultTokenStorePath({}, "win32", "C:\\Users\\u")).toBe(
      "C:\\Users\\u\\AppData\\Roaming\\mcp-codegen\\tokens.json",
    );
  });

  it("resolves a relative override against the working folder", () => {
    expect(defaultTokenStorePath({ MCP_CODEGEN_TOKEN_STORE: "t.json" }, "linux", "/h")).toBe(
      join(process.cwd(), "t.json"),
    );
  });
});
