/**
 * A registry entry turned into a target: the command line of each package kind, a remote's URL
 * variables and headers, where values come from and which are secrets, the one error for a
 * missing required value, and the untrusted words refused (a property over the class: names and
 * versions that could be read as flags, runtime arguments that change what runs, URLs that are
 * not http(s) or carry credentials).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entryTarget } from "../../../cli/registry/index.js";
import type { ServerJson } from "../../../cli/registry/index.js";
import { CliError } from "../../../cli/terminal/index.js";

const base = { name: "io.github.acme/weather", version: "1.2.3" };

function pkg(registryType: string, identifier: string, extra: Record<string, unknown> = {}) {
  return {
    ...base,
    packages: [
      { registryType, identifier, version: "1.2.3", transport: { type: "stdio" }, ...extra },
    ],
  } as ServerJson;
}

function thrown(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error("expected a CliError");
}

describe("entryTarget: packages", () => {
  it.each([
    ["npm", "@acme/weather-mcp", "npx", ["-y", "@acme/weather-mcp@1.2.3", "--units", "metric"]],
    ["pypi", "weather-mcp", "uvx", ["weather-mcp==1.2.3", "--units", "metric"]],
    [
      "oci",
      "ghcr.io/acme/weather",
      "docker",
      ["run", "-i", "--rm", "-e", "REGION", "ghcr.io/acme/weather:1.2.3", "--units", "metric"],
    ],
  ])("runs a %s package", (type, identifier, command, args) => {
    const server = pkg(type, identifier, {
      packageArguments: [{ type: "named", name: "--units", default: "metric" }],
      environmentVariables: [{ name: "REGION", default: "eu" }],
    });
    const { target } = entryTarget(server, {}, {});
    expect(target).toEqual({ command, args, env: { REGION: "eu" }, stderr: "pipe" });
  });

  it("passes runtime arguments before the package and fills positional ones", () => {
    const server = pkg("oci", "ghcr.io/acme/weather:2", {
      runtimeArguments: [{ type: "named", name: "-p", value: "8080:8080" }],
      packageArguments: [{ type: "positional", valueHint: "folder", isRequired: true }],
    });
    const { target } = entryTarget(server, { env: { folder: "/data" } }, {});
    expect("args" in target && target.args).toEqual([
      "run",
      "-i",
      "--rm",
      "-p",
      "8080:8080",
      "ghcr.io/acme/weather:2",
      "/data",
    ]);
  });

  it("takes a value from --env first, then the environment (also UPPER_CASE), then the default", () => {
    const server = pkg("npm", "w", {
      environmentVariables: [
        { name: "A", default: "a-default" },
        { name: "B", default: "b-default" },
        { name: "C", default: "c-default" },
      ],
      packageArguments: [{ type: "named", name: "--api-key", isRequired: true, isSecret: true }],
    });
    const { target, secrets } = entryTarget(
      server,
      { env: { A: "from-flag" } },
      { A: "from-env", B: "from-env", API_KEY: "k-123456" },
    );
    expect("env" in target && target.env).toEqual({
      A: "from-flag",
      B: "from-env",
      C: "c-default",
    });
    expect("args" in target && target.args).toContain("k-123456");
    expect(secrets.map((s) => s.text)).toContain("k-123456");
  });

  it("names a missing required secret and its description, and says how to give it", () => {
    const server = pkg("npm", "w", {
      environmentVariables: [
        { name: "WEATHER_TOKEN", isRequired: true, isSecret: true, description: "Your API token" },
      ],
    });
    const error = thrown(() => entryTarget(server, {}, {}));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(
      'io.github.acme/weather@1.2.3 needs environment variable WEATHER_TOKEN (Your API token): set WEATHER_TOKEN in the environment, or give it with --env WEATHER_TOKEN=… or the config\'s "env": { "WEATHER_TOKEN": "${WEATHER_TOKEN}" }; it is a secret: it is never written to a file',
    );
  });

  it("lists what an entry offers when nothing can run", () => {
    const server = {
      ...base,
      packages: [{ registryType: "nuget", identifier: "W", transport: { type: "stdio" } }],
    };
    expect(thrown(() => entryTarget(server as ServerJson, {}, {})).message).toContain(
      "(nuget stdio)",
    );
  });
});

describe("entryTarget: remotes", () => {
  const remote = (url: string, extra: Record<string, unknown> = {}) =>
    ({ ...base, remotes: [{ type: "streamable-http", url, ...extra }] }) as ServerJson;

  it("fills URL variables and headers, and marks secret headers", () => {
    const server = remote("https://{tenant}.example.com/mcp", {
      variables: { tenant: { isRequired: true } },
      headers: [
        {
          name: "X-Weather-Key",
          isRequired: true,
          isSecret: true,
          value: "{key}",
          variables: { key: { isRequired: true, isSecret: true } },
        },
        { name: "X-Plain", value: "plain" },
      ],
    });
    const { target, secrets, label } = entryTarget(
      server,
      { env: { tenant: "acme" } },
      { KEY: "abcdef" },
    );
    expect("url" in target && String(target.url)).toBe("https://acme.example.com/mcp");
    expect("headers" in target && target.headers).toEqual({
      "X-Weather-Key": "abcdef",
      "X-Plain": "plain",
    });
    expect(secrets.map((s) => s.text)).toContain("abcdef");
    expect(label).toBe("io.github.acme/weather@1.2.3 (https://acme.example.com/mcp)");
  });

  it("prefers the package unless use is remote", () => {
    const server = {
      ...pkg("npm", "w"),
      remotes: [{ type: "sse", url: "https://x.example/sse" }],
    } as ServerJson;
    expect("command" in entryTarget(server, {}, {}).target).toBe(true);
    expect("url" in entryTarget(server, { use: "remote" }, {}).target).toBe(true);
  });

  it.each([
    ["javascript:alert(1)", "must be http: or https:"],
    ["file:///etc/passwd", "must be http: or https:"],
    ["https://user:pw@example.com/mcp", "user name or password"],
    ["{base}/mcp", "not a URL"],
  ])("refuses the URL %s", (url, words) => {
    expect(
      thrown(() => entryTarget(remote(url, { variables: { base: {} } }), {}, {})).message,
    ).toContain(words);
  });
});

describe("entryTarget: untrusted words (property)", () => {
  const types = fc.constantFrom("npm", "pypi", "oci");

  it("refuses every identifier that starts with - or holds a character no package name has", () => {
    const bad = fc.oneof(
      fc.string({ minLength: 1 }).map((s) => `-${s}`),
      fc
        .tuple(
          fc.string(),
          fc.constantFrom(" ", ";", "$", "`", "\n", "|", "&", "'", "\0"),
          fc.string(),
        )
        .map((p) => p.join("")),
    );
    fc.assert(
      fc.property(types, bad, (type, identifier) => {
        expect(thrown(() => entryTarget(pkg(type, identifier), {}, {})).message).toContain(
          "not a valid package name",
        );
      }),
    );
  });

  it("refuses every version that starts with - or is not a plain version", () => {
    const bad = fc.oneof(
      fc.string().map((s) => `-${s}`),
      fc.constant("latest"),
      fc
        .tuple(fc.string(), fc.constantFrom(" ", "@", "/", ":", "="), fc.string())
        .map((p) => p.join("")),
    );
    fc.assert(
      fc.property(types, bad, (type, version) => {
        const server = pkg(type, "ok");
        server.packages![0]!.version = version;
        expect(thrown(() => entryTarget(server, {}, {})).message).toContain("not a plain version");
      }),
    );
  });

  it.each([
    ["npm", "--package=evil"],
    ["npm", "-p"],
    ["pypi", "--from"],
    ["pypi", "--index-url=https://evil.example"],
    ["oci", "--privileged"],
    ["oci", "--network=host"],
  ])("refuses the %s runtime argument %s", (type, word) => {
    const server = pkg(type, "ok", { runtimeArguments: [{ type: "positional", value: word }] });
    expect(thrown(() => entryTarget(server, {}, {})).message).toMatch(/runtime arguments/);
  });

  it("accepts every well-formed npm name at every plain version", () => {
    const part = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/);
    fc.assert(
      fc.property(
        fc.option(part),
        part,
        fc.stringMatching(/^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/),
        (scope, name, version) => {
          const identifier = scope === null ? name : `@${scope}/${name}`;
          const server = pkg("npm", identifier);
          server.packages![0]!.version = version;
          const { target } = entryTarget(server, {}, {});
          expect("args" in target && target.args).toEqual(["-y", `${identifier}@${version}`]);
        },
      ),
    );
  });
});
