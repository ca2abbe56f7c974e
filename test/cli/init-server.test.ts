/**
 * The server entry `init` writes, over arbitrary commands and URLs: the name it makes up always
 * names a server the config accepts, and the entry passes the config's own validation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SERVER_NAME_PATTERN, validateConfig } from "../../cli/config/index.js";
import { initServer } from "../../cli/init/init-server.js";

const accepted = (entry: ReturnType<typeof initServer>) =>
  validateConfig({ servers: { [entry.name]: entry.server } }, "mcp-codegen.config.json");

describe("initServer", () => {
  it("makes a valid name and entry from any command", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.array(fc.string({ unit: "grapheme" }), { maxLength: 5 }),
        (command, args) => {
          const entry = initServer({ command: [command, ...args] }, undefined, undefined);
          expect(entry.name).toMatch(SERVER_NAME_PATTERN);
          expect(entry.server).toEqual(args.length === 0 ? { command } : { command, args });
          expect(() => accepted(entry)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("makes a valid name and entry from any URL, and from any text given as one", () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string({ minLength: 1 })), (url) => {
        const entry = initServer({ url }, undefined, "gen/x");
        expect(entry.name).toMatch(SERVER_NAME_PATTERN);
        expect(entry.server).toEqual({ url, out: "gen/x" });
        expect(() => accepted(entry)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [{ url: "https://mcp.linear.app/mcp" }, "linear"],
    [{ url: "http://localhost:3000/mcp" }, "localhost"],
    [{ url: "http://[::1]:3000/mcp" }, "server"],
    [{ command: ["npx", "-y", "@acme/weather-mcp@1.2.0"] }, "weather-mcp"],
    [{ command: ["uvx", "mcp-server-fetch"] }, "mcp-server-fetch"],
    [{ command: ["node", "build/index.js", "--stdio"] }, "index"],
    [{ command: ["python", "-m"] }, "python"],
    [{ command: ["./42"] }, "server"],
    // Named after the package or script, never after a trailing argument (issue 26).
    [
      {
        command: [
          "node",
          "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
          "stdio",
        ],
      },
      "server-everything",
    ],
    [
      { command: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/projects"] },
      "server-filesystem",
    ],
    [{ command: ["npx", "--yes", "--package", "@acme/tools", "acme-mcp", "serve"] }, "tools"],
    [{ command: ["uvx", "mcp-server-git", "--repository", "/srv/repo"] }, "mcp-server-git"],
    [{ command: ["python", "-m", "weather_server", "run"] }, "weather_server"],
    [
      { command: ["docker", "run", "-i", "--rm", "-e", "KEY", "ghcr.io/acme/weather:1", "serve"] },
      "weather",
    ],
    [{ command: ["mcp-server-time", "--local-timezone", "Europe/Oslo"] }, "mcp-server-time"],
    [{ command: ["node", "/srv/weather/src/server.ts"] }, "weather"],
  ])("names %j %s", (target, name) => {
    expect(initServer(target, undefined, undefined).name).toBe(name);
  });

  it("keeps the name it is given", () => {
    expect(initServer({ url: "https://example.com/mcp" }, "mine", undefined).name).toBe("mine");
  });
});
