import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONFIG_FILE_NAMES,
  ConfigError,
  findConfigFile,
  loadConfig,
} from "../../../cli/config/index.js";

const DEFINE_CONFIG = fileURLToPath(new URL("../../../cli/config/define.ts", import.meta.url));

let root: string;
let count = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "mcp-codegen-config-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A fresh directory holding `files` (name → text). */
async function project(files: Record<string, string>): Promise<string> {
  const dir = path.join(root, `p${count++}`);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  await mkdir(dir, { recursive: true });
  return dir;
}

/** An import specifier for the repository's cli/config/define.ts, from a file in `dir`. */
function defineConfigFrom(dir: string, suffix: ".ts" | ".js"): string {
  const relative = path.relative(dir, DEFINE_CONFIG).split(path.sep).join("/");
  return relative.replace(/\.ts$/, suffix);
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const DEMO = { servers: { demo: { command: "node", args: ["server.js"] } } };

async function loadError(options: Parameters<typeof loadConfig>[0]): Promise<string> {
  try {
    await loadConfig(options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig did not fail");
}

describe("loadConfig: file kinds", () => {
  it("reads mcp-codegen.config.json and resolves paths from its folder", async () => {
    const cwd = await project({ "mcp-codegen.config.json": json({ $schema: "x", ...DEMO }) });
    const config = await loadConfig({ cwd, env: {} });
    expect(config).toEqual({
      file: path.join(cwd, "mcp-codegen.config.json"),
      out: path.join(cwd, "mcp"),
      servers: [
        {
          name: "demo",
          target: { command: "node", args: ["server.js"], env: {}, cwd },
          out: path.join(cwd, "mcp", "demo"),
          exclude: [],
          rename: {},
        },
      ],
      strict: false,
      httpServers: [],
      secrets: [],
    });
  });

  it("reads strict: true, which makes generation warnings fatal", async () => {
    const cwd = await project({ "mcp-codegen.config.json": json({ ...DEMO, strict: true }) });
    expect((await loadConfig({ cwd, env: {} })).strict).toBe(true);
  });

  it("reads JSON with a byte order mark", async () => {
    const cwd = await project({ "mcp-codegen.config.json": `\uFEFF${json(DEMO)}` });
    expect((await loadConfig({ cwd, env: {} })).servers[0]?.name).toBe("demo");
  });

  // [file name, source given the import specifier of cli/config/define.ts]
  const modules: readonly (readonly [string, (specifier: string) => string])[] = [
    [
      "mcp-codegen.config.ts",
      (from) => `import { defineConfig } from "${from}.ts";
const port: number = 8080;
export default defineConfig({ out: "gen", servers: { demo: { url: \`http://localhost:\${port}/mcp\` } } });`,
    ],
    [
      "mcp-codegen.config.mts",
      (from) => `import { defineConfig, type McpCodegenConfig } from "${from}.js";
const config: McpCodegenConfig = { out: "gen", servers: { demo: { url: "http://localhost:8080/mcp" } } };
export default defineConfig(config);`,
    ],
    [
      "mcp-codegen.config.js",
      () =>
        `export default { out: "gen", servers: { demo: { url: "http://localhost:8080/mcp" } } };`,
    ],
    [
      "mcp-codegen.config.mjs",
      () =>
        `export default Promise.resolve({ out: "gen", servers: { demo: { url: "http://localhost:8080/mcp" } } });`,
    ],
  ];
  it.each(modules)("loads the default export of %s", async (name, source) => {
    const dir = path.join(root, `p${count++}`);
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, name),
      source(defineConfigFrom(dir, ".ts").replace(/\.ts$/, "")),
    );
    const config = await loadConfig({ cwd: dir, env: {} });
    expect(config.file).toBe(path.join(dir, name));
    expect(config.out).toBe(path.join(dir, "gen"));
    expect(config.servers).toEqual([
      {
        name: "demo",
        target: { url: "http://localhost:8080/mcp", headers: {} },
        out: path.join(dir, "gen", "demo"),
        exclude: [],
        rename: {},
      },
    ]);
  });

  it("validates what a TypeScript config exports", async () => {
    const dir = path.join(root, `p${count++}`);
    await mkdir(dir, { recursive: true });
    const from = defineConfigFrom(dir, ".js");
    await writeFile(
      path.join(dir, "mcp-codegen.config.ts"),
      `import { defineConfig } from "${from}";
// @ts-expect-error: a typo the type checker would catch, and loadConfig must catch too
export default defineConfig({ servers: { demo: { comand: "node" } } });`,
    );
    expect(await loadError({ cwd: dir, env: {} })).toBe(
      'mcp-codegen.config.ts: servers.demo: give "command" (a stdio server to start), "url" (a Streamable HTTP server) or "registry" (a server of the MCP registry)',
    );
  });

  it("interpolates from the given environment and reports secrets", async () => {
    const cwd = await project({
      "mcp-codegen.config.json": json({
        servers: {
          api: { url: "https://h/mcp", headers: { Authorization: "Bearer ${API_TOKEN}" } },
        },
      }),
    });
    const config = await loadConfig({ cwd, env: { API_TOKEN: "t0k3n" } });
    expect(config.servers[0]?.target).toEqual({
      url: "https://h/mcp",
      headers: { Authorization: "Bearer t0k3n" },
    });
    expect(config.secrets.map((secret) => secret.text)).toEqual(["Bearer t0k3n", "t0k3n"]);
    expect(await loadError({ cwd, env: {} })).toBe(
      "mcp-codegen.config.json: servers.api.headers.Authorization: environment variable API_TOKEN is not set; set it, or write $${API_TOKEN} for the literal text",
    );
  });
});

describe("loadConfig: finding the file", () => {
  it.each(CONFIG_FILE_NAMES)("finds %s alone, beside files of other names", async (name) => {
    const cwd = await project({ [name]: "", "other.json": "", "mcp-codegen.config.yaml": "" });
    expect(await findConfigFile(cwd)).toBe(path.join(cwd, name));
  });

  // Taking one of two silently would ignore every edit made to the other.
  it.each([
    [["mcp-codegen.config.json", "mcp-codegen.config.ts"]],
    [["mcp-codegen.config.mjs", "mcp-codegen.config.js"]],
    [["mcp-codegen.config.mts", "mcp-codegen.config.ts", "mcp-codegen.config.json"]],
  ])("refuses to choose among %j, naming each", async (names) => {
    const cwd = await project(Object.fromEntries(names.map((name) => [name, ""])));
    const message = await loadError({ cwd });
    for (const name of names) expect(message).toContain(name);
    expect(message).toMatch(/keep one of them, or choose with --config FILE$/);
  });

  it("uses --config relative to cwd, resolving paths from that file's folder", async () => {
    const cwd = await project({
      "mcp-codegen.config.json": "not read",
      "configs/servers.json": json({ out: "../generated", ...DEMO }),
    });
    const config = await loadConfig({ cwd, configPath: "configs/servers.json", env: {} });
    expect(config.file).toBe(path.join(cwd, "configs", "servers.json"));
    expect(config.out).toBe(path.join(cwd, "generated"));
    expect(config.servers[0]?.target).toMatchObject({ cwd: path.join(cwd, "configs") });
  });

  it("names a nested config by its path relative to cwd in errors", async () => {
    const cwd = await project({ "configs/servers.json": json({ servers: { demo: {} } }) });
    expect(await loadError({ cwd, configPath: "configs/servers.json", env: {} })).toBe(
      'configs/servers.json: servers.demo: give "command" (a stdio server to start), "url" (a Streamable HTTP server) or "registry" (a server of the MCP registry)',
    );
  });

  it("fails for a missing --config file", async () => {
    const cwd = await project({});
    expect(await loadError({ cwd, configPath: "nope.json" })).toBe(
      "nope.json: no such config file; check the --config path",
    );
  });

  it("fails when no config file exists, saying what it looked for and how to start", async () => {
    const cwd = await project({ "mcp-codegen.config.yaml": "" });
    const message = await loadError({ cwd });
    expect(message).toBe(
      `no config file in ${cwd} (looked for ${CONFIG_FILE_NAMES.join(", ")}); run \`mcp-codegen pull --out DIR -- COMMAND [ARGS...]\` or \`mcp-codegen pull --out DIR --url URL\`, or create mcp-codegen.config.json`,
    );
  });
});

describe("loadConfig: files that cannot be read", () => {
  // [file name, content, want message (a RegExp where the runtime's wording varies)]
  const table: readonly (readonly [string, string, string | RegExp])[] = [
    [
      "mcp-codegen.config.json",
      "{ servers: {} }",
      /^mcp-codegen\.config\.json: is not valid JSON \(.+\); fix it$/,
    ],
    [
      "mcp-codegen.config.json",
      "",
      /^mcp-codegen\.config\.json: is not valid JSON \(.+\); fix it$/,
    ],
    [
      "mcp-codegen.config.ts",
      "export const servers = {};",
      "mcp-codegen.config.ts: has no default export; write `export default defineConfig({ servers: { ... } })`",
    ],
    [
      "mcp-codegen.config.mjs",
      'throw new Error("config exploded\\nsecond line");',
      "mcp-codegen.config.mjs: could not be loaded: config exploded",
    ],
    [
      "mcp-codegen.config.ts",
      "const a = 1;\nexport default { servers: {} ;\n",
      /^mcp-codegen\.config\.ts: could not be loaded: .+ at .*mcp-codegen\.config\.ts:2:\d+$/,
    ],
    [
      "mcp-codegen.config.ts",
      "export default [];",
      "mcp-codegen.config.ts: expected an object, got an array",
    ],
  ];
  it.each(table)("%s containing %j", async (name, content, want) => {
    const cwd = await project({ [name]: content });
    const message = await loadError({ cwd, env: {} });
    if (typeof want === "string") expect(message).toBe(want);
    else expect(message).toMatch(want);
    expect(message).not.toContain("\n");
  });

  it("rejects a --config file of another type", async () => {
    const cwd = await project({ "config.yaml": "servers: {}" });
    expect(await loadError({ cwd, configPath: "config.yaml" })).toBe(
      "config.yaml: unsupported config file type; use .json, .ts, .mts, .js or .mjs",
    );
  });
});
