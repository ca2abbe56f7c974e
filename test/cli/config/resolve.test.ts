import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../cli/config/issues.js";
import { resolveConfig } from "../../../cli/config/resolve.js";
import type { McpCodegenConfig } from "../../../cli/config/schema.js";

// Absolute on every OS: path.resolve gives a drive letter on Windows.
const DIR = path.resolve("/projects/app");
const FILE = path.join(DIR, "mcp-codegen.config.json");
const LABEL = "mcp-codegen.config.json";
const ENV = { TOKEN: "tok-123", HOST: "api.example.com", PORT: "8080", EMPTY: "" };

const resolve = (config: McpCodegenConfig, env: Record<string, string> = ENV) =>
  resolveConfig(config, { file: FILE, label: LABEL, env });

describe("resolveConfig paths", () => {
  // [what, config, want root out, want server out, want cwd (stdio only)]
  const table: readonly (readonly [
    string,
    McpCodegenConfig,
    string,
    string,
    string | undefined,
  ])[] = [
    [
      "defaults",
      { servers: { demo: { command: "node" } } },
      path.join(DIR, "mcp"),
      path.join(DIR, "mcp", "demo"),
      DIR,
    ],
    [
      "relative root out",
      { out: "src/generated", servers: { demo: { command: "node" } } },
      path.join(DIR, "src", "generated"),
      path.join(DIR, "src", "generated", "demo"),
      DIR,
    ],
    [
      "server out and cwd relative to the file, not the root out",
      { out: "gen", servers: { demo: { command: "node", out: "../clients/demo", cwd: "server" } } },
      path.join(DIR, "gen"),
      path.resolve(DIR, "../clients/demo"),
      path.join(DIR, "server"),
    ],
    [
      "absolute paths kept",
      {
        out: path.resolve("/abs/out"),
        servers: { demo: { command: "node", cwd: path.resolve("/abs/cwd") } },
      },
      path.resolve("/abs/out"),
      path.resolve("/abs/out/demo"),
      path.resolve("/abs/cwd"),
    ],
    [
      "an HTTP server has no cwd",
      { servers: { remote: { url: "https://h/mcp" } } },
      path.join(DIR, "mcp"),
      path.join(DIR, "mcp", "remote"),
      undefined,
    ],
  ];
  it.each(table)("%s", (_, config, wantOut, wantServerOut, wantCwd) => {
    const resolved = resolve(config);
    expect(resolved.file).toBe(FILE);
    expect(resolved.out).toBe(wantOut);
    const server = resolved.servers[0]!;
    expect(server.out).toBe(wantServerOut);
    expect("cwd" in server.target ? server.target.cwd : undefined).toBe(wantCwd);
  });
});

describe("resolveConfig servers", () => {
  it("resolves a stdio server with defaults, keeping the file's order", () => {
    const resolved = resolve({
      servers: {
        zeta: { command: "node", args: ["z.js"] },
        alpha: {
          command: "npx",
          include: ["get_*"],
          exclude: ["get_secret"],
          rename: { get_weather: "weather" },
          runtime: "vendored",
          openInputTypes: true,
          timeout: 5000,
        },
      },
    });
    expect(resolved.servers.map((server) => server.name)).toEqual(["zeta", "alpha"]);
    expect(resolved.servers[0]).toEqual({
      name: "zeta",
      target: { command: "node", args: ["z.js"], env: {}, cwd: DIR },
      out: path.join(DIR, "mcp", "zeta"),
      exclude: [],
      rename: {},
    });
    expect(resolved.servers[1]).toEqual({
      name: "alpha",
      target: { command: "npx", args: [], env: {}, cwd: DIR },
      out: path.join(DIR, "mcp", "alpha"),
      include: ["get_*"],
      exclude: ["get_secret"],
      rename: { get_weather: "weather" },
      runtime: "vendored",
      openInputTypes: true,
      timeout: 5000,
    });
    expect(resolved.secrets).toEqual([]);
  });

  it("interpolates args, env, url and headers, and collects the secrets", () => {
    const resolved = resolve({
      servers: {
        local: {
          command: "node",
          args: ["server.js", "--token=${TOKEN}", "--port", "${PORT}", "$${LITERAL}"],
          env: { API_KEY: "${TOKEN}", MODE: "production", NOTHING: "${EMPTY}" },
        },
        remote: {
          url: "https://${HOST}/mcp",
          headers: { Authorization: "Bearer ${TOKEN}", "X-Static": "static-value" },
        },
      },
    });
    expect(resolved.servers[0]!.target).toEqual({
      command: "node",
      args: ["server.js", "--token=tok-123", "--port", "8080", "${LITERAL}"],
      env: { API_KEY: "tok-123", MODE: "production", NOTHING: "" },
      cwd: DIR,
    });
    expect(resolved.servers[1]!.target).toEqual({
      url: "https://api.example.com/mcp",
      headers: { Authorization: "Bearer tok-123", "X-Static": "static-value" },
    });
    // Only credentials: ${TOKEN}, API_KEY, --token=, Authorization (whole and after "Bearer").
    // Ordinary values (production, 8080, api.example.com, static-value) are passed as they are.
    expect(resolved.secrets).toEqual([
      { text: "Bearer tok-123", source: "header Authorization" },
      { text: "tok-123", source: "${TOKEN}" },
    ]);
  });

  it("does not interpolate command, cwd or out", () => {
    const resolved = resolve({
      servers: { demo: { command: "${TOKEN}", cwd: "${TOKEN}", out: "${TOKEN}" } },
    });
    const target = resolved.servers[0]!.target;
    expect("command" in target && target.command).toBe("${TOKEN}");
    expect("cwd" in target && target.cwd).toBe(path.join(DIR, "${TOKEN}"));
    expect(resolved.secrets).toEqual([]);
  });

  it("collects credentials written in a URL, as written and decoded once", () => {
    const texts = (url: string) =>
      resolve({ servers: { remote: { url } } }).secrets.map((s) => s.text);
    // The password; a user name beside a password is not a secret.
    expect(texts("https://user%40corp:p%2Fss@h.example/mcp")).toEqual(["p%2Fss", "p/ss"]);
    // A user name alone is the key itself (as with Stripe's "sk_…:").
    expect(texts("https://key%2540x@h.example/mcp")).toEqual(["key%2540x", "key%40x"]);
    expect(texts("https://h.example/mcp?token=100%25sure&mode=fast")).toEqual([
      "100%25sure",
      "100%sure",
    ]);
  });

  it("takes { value, secret: true } for env and header values", () => {
    const resolved = resolve({
      servers: {
        local: { command: "node", env: { REGION: { value: "eu-west-1", secret: true } } },
        remote: { url: "https://h.example/mcp", headers: { "X-Tenant": { value: "acme-corp" } } },
      },
    });
    const local = resolved.servers[0]!.target;
    expect("env" in local && local.env).toEqual({ REGION: "eu-west-1" });
    expect(resolved.servers[1]!.target).toEqual({
      url: "https://h.example/mcp",
      headers: { "X-Tenant": "acme-corp" },
    });
    expect(resolved.secrets).toEqual([{ text: "eu-west-1", source: "env REGION" }]);
  });
});

describe("resolveConfig errors", () => {
  // [what, config, want message]
  const table: readonly (readonly [string, McpCodegenConfig, string])[] = [
    [
      "an unset variable in a header",
      {
        servers: {
          weather: { url: "https://h", headers: { Authorization: "Bearer ${API_TOKEN}" } },
        },
      },
      `${LABEL}: servers.weather.headers.Authorization: environment variable API_TOKEN is not set; set it, or write $\${API_TOKEN} for the literal text`,
    ],
    [
      "an unset variable in args",
      { servers: { local: { command: "node", args: ["ok", "${NOPE}"] } } },
      `${LABEL}: servers.local.args[1]: environment variable NOPE is not set; set it, or write $\${NOPE} for the literal text`,
    ],
    [
      "an unset variable in env",
      { servers: { local: { command: "node", env: { KEY: "${NOPE}" } } } },
      `${LABEL}: servers.local.env.KEY: environment variable NOPE is not set; set it, or write $\${NOPE} for the literal text`,
    ],
    [
      "an unset variable in the url",
      { servers: { remote: { url: "https://${NOPE}/mcp" } } },
      `${LABEL}: servers.remote.url: environment variable NOPE is not set; set it, or write $\${NOPE} for the literal text`,
    ],
    [
      "an unclosed reference",
      { servers: { remote: { url: "https://${HOST/mcp" } } },
      `${LABEL}: servers.remote.url: "\${" has no closing "}"; write $\${ for a literal \${`,
    ],
    [
      "a url that is not a URL, quoted as written (no secret in the message)",
      { servers: { remote: { url: "${TOKEN}" } } },
      `${LABEL}: servers.remote.url: "\${TOKEN}" is not a URL; write the full address, e.g. https://example.com/mcp`,
    ],
    [
      "a url that is not http",
      { servers: { remote: { url: "ftp://h/mcp" } } },
      `${LABEL}: servers.remote.url: "ftp://h/mcp" is not an http:// or https:// URL`,
    ],
    [
      "two servers writing to the same folder",
      { servers: { a: { command: "x", out: "mcp/b" }, b: { command: "y" } } },
      `${LABEL}: servers.b.out: writes to the same folder as servers.a (${path.join(DIR, "mcp", "b")}); give each server its own out`,
    ],
  ];
  it.each(table)("%s", (_, config, want) => {
    expect(() => resolve(config)).toThrow(new ConfigError(want));
    try {
      resolve(config);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain("tok-123");
    }
  });
});
