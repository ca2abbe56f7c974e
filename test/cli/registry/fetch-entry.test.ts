/**
 * Reading an entry from a registry, against a local registry on a loopback port: latest and
 * pinned versions, names that need encoding, the registry's status, and every way a registry
 * can answer wrong (404, an error status, not JSON, not an entry, another server's entry, a
 * redirect, a redirect loop, too much).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  entryUrl,
  fetchRegistryEntry,
  MAX_ENTRY_BYTES,
  registryBaseUrl,
} from "../../../cli/registry/fetch-entry.js";
import { CliError } from "../../../cli/terminal/index.js";
import {
  entryPath,
  registryEntry,
  startLocalRegistry,
  type LocalRegistry,
} from "../../support/local-registry.js";

const NAME = "io.github.acme/weather";
const entry = (version: string, name = NAME) => ({
  name,
  version,
  packages: [
    { registryType: "npm", identifier: "@acme/weather-mcp", version, transport: { type: "stdio" } },
  ],
});

let registry: LocalRegistry;
beforeAll(async () => {
  registry = await startLocalRegistry();
});
afterAll(() => registry.close());
beforeEach(() => {
  registry.routes.clear();
  registry.paths.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe("fetchRegistryEntry", () => {
  it("asks for latest when no version is given, the version when one is", async () => {
    registry.routes.set(entryPath(NAME), { body: registryEntry(entry("2.0.0")) });
    registry.routes.set(entryPath(NAME, "1.0.0"), { body: registryEntry(entry("1.0.0")) });
    const latest = await fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base });
    const pinned = await fetchRegistryEntry(NAME, "1.0.0", { registryUrl: registry.base });
    expect([latest.server.version, pinned.server.version]).toEqual(["2.0.0", "1.0.0"]);
    expect(latest.status).toBe("active");
    expect(registry.paths).toEqual([
      "/v0.1/servers/io.github.acme%2Fweather/versions/latest",
      "/v0.1/servers/io.github.acme%2Fweather/versions/1.0.0",
    ]);
  });

  it("encodes a name with odd characters as one path segment", async () => {
    const odd = "com.example/a b?c#d%e/../f";
    registry.routes.set(entryPath(odd), { body: registryEntry(entry("1.0.0", odd)) });
    const found = await fetchRegistryEntry(odd, undefined, { registryUrl: registry.base });
    expect(found.server.name).toBe(odd);
    expect(registry.paths).toEqual([
      "/v0.1/servers/com.example%2Fa%20b%3Fc%23d%25e%2F..%2Ff/versions/latest",
    ]);
  });

  it("keeps a base URL's path", () => {
    const url = entryUrl(new URL("http://127.0.0.1:1/mirror"), NAME, "1.0");
    expect(url.pathname).toBe("/mirror/v0.1/servers/io.github.acme%2Fweather/versions/1.0");
  });

  it("reports the status the registry gives", async () => {
    registry.routes.set(entryPath(NAME), { body: registryEntry(entry("1.0.0"), "deprecated") });
    const found = await fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base });
    expect(found.status).toBe("deprecated");
  });

  it("says a 404 is an unknown name or version (exit 2)", async () => {
    const error = await failure(fetchRegistryEntry(NAME, "9.9.9", { registryUrl: registry.base }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(`has no server ${NAME}@9.9.9`);
  });

  it.each([
    ["an error status", { status: 503, text: "busy" }, "answered HTTP 503"],
    ["text that is not JSON", { text: "{not json" }, "not JSON"],
    ["JSON that is not an entry", { body: { server: { name: NAME } } }, "at server.version"],
    ["another server's entry", { body: registryEntry(entry("1.0.0", "x.y/z")) }, "another server"],
  ])("refuses %s (exit 3)", async (_what, answer, words) => {
    registry.routes.set(entryPath(NAME), answer);
    const error = await failure(
      fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base }),
    );
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain(words);
  });

  it("follows a redirect", async () => {
    registry.routes.set(entryPath(NAME), { redirect: "/moved" });
    registry.routes.set("/moved", { body: registryEntry(entry("1.0.0")) });
    const found = await fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base });
    expect(found.server.version).toBe("1.0.0");
    expect(registry.paths).toEqual([entryPath(NAME), "/moved"]);
  });

  it("stops at a redirect loop", async () => {
    registry.routes.set(entryPath(NAME), { redirect: entryPath(NAME) });
    const error = await failure(
      fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base }),
    );
    expect(error.message).toContain("redirected more than 5 times");
    expect(registry.paths).toHaveLength(6);
  });

  it("refuses a redirect to another scheme", async () => {
    registry.routes.set(entryPath(NAME), { redirect: "file:///etc/passwd" });
    const error = await failure(
      fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base }),
    );
    expect(error.message).toContain("redirected to a file: address");
  });

  it("stops reading past the size bound", async () => {
    const big = { ...entry("1.0.0"), description: "x".repeat(MAX_ENTRY_BYTES) };
    registry.routes.set(entryPath(NAME), { body: registryEntry(big) });
    const error = await failure(
      fetchRegistryEntry(NAME, undefined, { registryUrl: registry.base }),
    );
    expect(error.message).toContain(`more than ${MAX_ENTRY_BYTES} bytes`);
  });

  it("refuses a registry URL with credentials or another scheme (exit 2)", () => {
    expect(() => registryBaseUrl("https://user:pw@registry.example")).toThrow(
      /user name or password/,
    );
    expect(() => registryBaseUrl("ftp://registry.example")).toThrow(/must be http: or https:/);
    expect(() => registryBaseUrl("registry.example")).toThrow(/not a URL/);
  });
});
