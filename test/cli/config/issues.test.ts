import { describe, expect, it } from "vitest";
import { ConfigError, formatConfigPath, validateConfig } from "../../../cli/config/issues.js";

const L = "mcp-codegen.config.json";
const stdio = (extra: Record<string, unknown> = {}) => ({
  servers: { weather: { command: "node", ...extra } },
});
const http = (extra: Record<string, unknown> = {}) => ({
  servers: { weather: { url: "https://example.com/mcp", ...extra } },
});

describe("validateConfig", () => {
  const valid: readonly (readonly [string, unknown])[] = [
    ["a stdio server", stdio({ args: ["a"], env: { K: "v" }, cwd: "srv" })],
    ["an HTTP server", http({ headers: { Authorization: "Bearer x" } })],
    [
      "every common field",
      stdio({
        out: "x",
        include: ["a*"],
        exclude: ["b"],
        rename: { "get-weather": "weather$1" },
        runtime: "vendored",
        timeout: 1000,
      }),
    ],
    ["$schema and out", { $schema: "./config.schema.json", out: "gen", ...stdio() }],
    [
      "names with digits, _ and -",
      { servers: { a1_b: { command: "x" }, "B-2": { url: "http://h" } } },
    ],
  ];
  it.each(valid)("accepts %s", (_, given) => {
    expect(validateConfig(given, L)).toEqual(given);
  });

  // [what, given, want message]
  const invalid: readonly (readonly [string, unknown, string])[] = [
    ["not an object", [], `${L}: expected an object, got an array`],
    ["null", null, `${L}: expected an object, got null`],
    [
      "no servers key",
      {},
      `${L}: servers: missing; add the servers to pull, e.g. "servers": { "demo": { "command": "node", "args": ["server.js"] } }`,
    ],
    [
      "empty servers",
      { servers: {} },
      `${L}: servers: is empty; add a server, e.g. "servers": { "demo": { "command": "node", "args": ["server.js"] } }`,
    ],
    [
      "unknown top-level key with a suggestion",
      { server: {}, servers: stdio().servers },
      `${L}: unknown key "server"; did you mean "servers"?`,
    ],
    [
      "strict that is not a boolean",
      { strict: "yes", ...stdio() },
      `${L}: strict: expected a boolean, got the string "yes"`,
    ],
    [
      "unknown top-level key",
      { color: true, ...stdio() },
      `${L}: unknown key "color"; remove it (allowed: $schema, out, strict, servers)`,
    ],
    [
      "both command and url",
      stdio({ url: "http://h" }),
      `${L}: servers.weather: give one of "command", "url" or "registry", not "command" and "url"`,
    ],
    [
      "neither command nor url",
      { servers: { weather: { args: ["x"] } } },
      `${L}: servers.weather: give "command" (a stdio server to start), "url" (a Streamable HTTP server) or "registry" (a server of the MCP registry)`,
    ],
    [
      "a server that is not an object",
      { servers: { weather: "node server.js" } },
      `${L}: servers.weather: expected an object with "command" (a stdio server) or "url" (an HTTP server), got the string "node server.js"`,
    ],
    [
      "a misspelt server key",
      stdio({ arg: ["x"] }),
      `${L}: servers.weather: unknown key "arg"; did you mean "args"?`,
    ],
    [
      "several unknown server keys",
      stdio({ zzzzzz: 1, yyyyyy: 2 }),
      `${L}: servers.weather: unknown keys "zzzzzz", "yyyyyy"; remove them (allowed: command, args, env, cwd, out, include, exclude, rename, runtime, agent, openInputTypes, importExtension, emit, timeout, protocol, capabilities, watch)`,
    ],
    [
      "headers on a stdio server",
      stdio({ headers: {} }),
      `${L}: servers.weather: "headers" applies only to HTTP servers (with "url"); remove it`,
    ],
    [
      "env on an HTTP server",
      http({ env: {} }),
      `${L}: servers.weather: "env" applies only to stdio servers (with "command"); remove it`,
    ],
    [
      "a server name starting with a digit",
      { servers: { "1weather": { command: "x" } } },
      `${L}: servers["1weather"]: a server name must start with a letter and use only letters, digits, _ and -; rename it`,
    ],
    [
      "a server name with a space",
      { servers: { "my server": { command: "x" } } },
      `${L}: servers["my server"]: a server name must start with a letter and use only letters, digits, _ and -; rename it`,
    ],
    [
      "a server name with a dot",
      { servers: { "a.b": { command: "x" } } },
      `${L}: servers["a.b"]: a server name must start with a letter and use only letters, digits, _ and -; rename it`,
    ],
    [
      "server names differing only in case",
      { servers: { Weather: { command: "x" }, weather: { command: "y" } } },
      `${L}: servers: "Weather" and "weather" differ only in case, so their folders collide on macOS and Windows; rename one`,
    ],
    [
      "args as a string",
      stdio({ args: "server.js" }),
      `${L}: servers.weather.args: expected an array (e.g. ["server.js"]), got the string "server.js"`,
    ],
    [
      "a number in args",
      stdio({ args: ["a", 3] }),
      `${L}: servers.weather.args[1]: expected a string, got the number 3`,
    ],
    [
      "command not a string",
      { servers: { weather: { command: 7 } } },
      `${L}: servers.weather.command: expected a string, got the number 7`,
    ],
    [
      "empty command",
      { servers: { weather: { command: "" } } },
      `${L}: servers.weather.command: must not be empty`,
    ],
    [
      "empty url",
      { servers: { weather: { url: "" } } },
      `${L}: servers.weather.url: must not be empty`,
    ],
    [
      "env value not a string",
      stdio({ env: { PORT: 8080 } }),
      `${L}: servers.weather.env.PORT: expected a string or { "value": "…", "secret": true }, got the number 8080`,
    ],
    [
      "env value object without value",
      stdio({ env: { PORT: { secret: true } } }),
      `${L}: servers.weather.env.PORT.value: missing; add it`,
    ],
    [
      "env value object with an unknown key",
      stdio({ env: { PORT: { value: "1", secrets: true } } }),
      `${L}: servers.weather.env.PORT: unknown key "secrets"; remove it (allowed: value, secret)`,
    ],
    [
      "env name with =",
      stdio({ env: { "A=B": "x" } }),
      `${L}: servers.weather.env["A=B"]: an environment variable name must not be empty or contain = or NUL; rename it`,
    ],
    [
      "header name with a space",
      http({ headers: { "X Key": "v" } }),
      `${L}: servers.weather.headers["X Key"]: is not a valid HTTP header name; rename it`,
    ],
    [
      "headers as an array",
      http({ headers: ["a"] }),
      `${L}: servers.weather.headers: expected an object, got an array`,
    ],
    [
      "timeout zero",
      stdio({ timeout: 0 }),
      `${L}: servers.weather.timeout: must be a positive number of milliseconds`,
    ],
    [
      "timeout fractional",
      stdio({ timeout: 1.5 }),
      `${L}: servers.weather.timeout: expected a whole number, got the number 1.5`,
    ],
    [
      "timeout too large",
      stdio({ timeout: 2 ** 31 }),
      `${L}: servers.weather.timeout: must be at most 2147483647 ms`,
    ],
    [
      "timeout as a string",
      stdio({ timeout: "5s" }),
      `${L}: servers.weather.timeout: expected a number, got the string "5s"`,
    ],
    [
      "unknown runtime",
      stdio({ runtime: "bundled" }),
      `${L}: servers.weather.runtime: must be "package" or "vendored"`,
    ],
    [
      "empty include",
      stdio({ include: [] }),
      `${L}: servers.weather.include: an empty list matches nothing; remove the key or list names`,
    ],
    [
      "empty exclude pattern",
      stdio({ exclude: [""] }),
      `${L}: servers.weather.exclude[0]: a pattern must not be empty`,
    ],
    [
      "rename to a non-identifier",
      stdio({ rename: { get_weather: "get-weather" } }),
      `${L}: servers.weather.rename.get_weather: must be a JavaScript identifier (letters, digits, _ and $, not starting with a digit)`,
    ],
    [
      "empty root out",
      { out: "", ...stdio() },
      `${L}: out: must not be empty; remove it to use the default "mcp"`,
    ],
    [
      "empty server out",
      http({ out: "" }),
      `${L}: servers.weather.out: must not be empty; remove it to use the default`,
    ],
    [
      "$schema not a string",
      { $schema: 1, ...stdio() },
      `${L}: $schema: expected a string, got the number 1`,
    ],
    [
      "a boolean where an object goes",
      { servers: true },
      `${L}: servers: expected an object, got a boolean true`,
    ],
  ];
  it.each(invalid)("rejects %s", (_, given, want) => {
    let error: unknown;
    try {
      validateConfig(given, L);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(want);
    expect((error as Error).message).not.toContain("\n");
  });
});

describe("formatConfigPath", () => {
  const table: readonly (readonly [PropertyKey[], string])[] = [
    [[], ""],
    [["servers", "weather", "args", 0], "servers.weather.args[0]"],
    [["servers", "my server"], 'servers["my server"]'],
    [["$schema"], "$schema"],
    [["headers", "X-Api-Key"], "headers.X-Api-Key"],
    [["env", 'a"b'], 'env["a\\"b"]'],
  ];
  it.each(table)("%j is %s", (given, want) => {
    expect(formatConfigPath(given)).toBe(want);
  });
});
