/**
 * `init --import`: each editor's format read into config entries under the same names, secret
 * values turned into `${VAR}` references (never copied), placeholders translated, entries that
 * cannot be expressed listed, and malformed files refused with one line. Then the command end
 * to end in a scratch project, and the table of editor paths per platform.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { editorConfigPath, importServers } from "../../../cli/init/index.js";
import { createTempProject, runCliCaptured } from "../../support/cli-run.js";

const KEY = "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e";

describe("importServers", () => {
  it("reads mcpServers (Claude Desktop, Cursor, Windsurf) and never copies a secret", () => {
    const text = JSON.stringify({
      mcpServers: {
        github: {
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-github"],
          env: {
            GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            LOG_LEVEL: "info",
          },
        },
        linear: { url: "https://mcp.linear.app/sse", headers: { Authorization: `Bearer ${KEY}` } },
        windsurf: { serverUrl: "https://example.com/mcp" },
        "my server!": { command: "node", args: ["server.js"] },
        off: { command: "node", disabled: true },
        broken: { args: ["x"] },
      },
    });
    const imported = importServers(text, "claude_desktop_config.json");
    expect(imported.servers).toEqual({
      github: {
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-github"],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${GITHUB_PERSONAL_ACCESS_TOKEN}", LOG_LEVEL: "info" },
      },
      linear: {
        url: "https://mcp.linear.app/sse",
        headers: { Authorization: "Bearer ${LINEAR_AUTHORIZATION}" },
      },
      windsurf: { url: "https://example.com/mcp" },
      "my-server": { command: "node", args: ["server.js"] },
    });
    expect(JSON.stringify(imported)).not.toContain(KEY);
    expect(JSON.stringify(imported)).not.toContain("ghp_");
    expect(imported.notes).toContain(
      "set LINEAR_AUTHORIZATION: the value of header Authorization of server linear (not copied: it looks secret)",
    );
    expect(imported.skipped).toEqual([
      "off: disabled in the editor",
      "broken: it has neither a command nor a url",
    ]);
  });

  it("reads VS Code's servers with inputs, ${env:} and comments", () => {
    const text = `{
      // VS Code allows comments
      "inputs": [{ "type": "promptString", "id": "api-key", "description": "Weather API key", "password": true }],
      "servers": {
        "weather": { "type": "stdio", "command": "uvx", "args": ["weather-mcp"], "env": { "WEATHER_KEY": "\${input:api-key}", "HOME_DIR": "\${env:HOME}" } },
        "remote": { "type": "http", "url": "https://x.example/mcp", },
      },
    }`;
    const imported = importServers(text, ".vscode/mcp.json");
    expect(imported.servers).toEqual({
      weather: {
        command: "uvx",
        args: ["weather-mcp"],
        env: { WEATHER_KEY: "${API_KEY}", HOME_DIR: "${HOME}" },
      },
      remote: { url: "https://x.example/mcp" },
    });
    expect(imported.notes).toEqual([
      "set API_KEY: the editor asked for input api-key (Weather API key) in env WEATHER_KEY of server weather",
    ]);
  });

  it("reads Codex's TOML tables", () => {
    const text = [
      "[mcp_servers.docs]",
      'command = "npx"',
      'args = ["-y", "docs-mcp"]',
      `env = { DOCS_API_KEY = "${KEY}" }`,
      "",
      "[mcp_servers.remote]",
      'url = "https://r.example/mcp"',
      'bearer_token_env_var = "R_TOKEN"',
    ].join("\n");
    const imported = importServers(text, "config.toml");
    expect(imported.servers).toEqual({
      docs: { command: "npx", args: ["-y", "docs-mcp"], env: { DOCS_API_KEY: "${DOCS_API_KEY}" } },
      remote: { url: "https://r.example/mcp", headers: { Authorization: "Bearer ${R_TOKEN}" } },
    });
  });

  it.each([
    ["{ not json", "x.json", "x.json is not valid JSON"],
    ["[mcp_servers.a\ncommand=", "c.toml", "c.toml is not valid TOML"],
    ['{ "something": {} }', "y.json", 'y.json has no MCP servers: expected "mcpServers"'],
  ])("refuses %j with one line", (text, file, words) => {
    expect(() => importServers(text, file)).toThrow(words);
  });
});

describe("editorConfigPath", () => {
  const home = { linux: "/home/u", darwin: "/Users/u", win32: "C:\\Users\\u" } as const;
  const env = { APPDATA: "C:\\Users\\u\\AppData\\Roaming" };
  it.each([
    ["claude", "linux", "/home/u/.config/Claude/claude_desktop_config.json"],
    ["claude", "darwin", "/Users/u/Library/Application Support/Claude/claude_desktop_config.json"],
    ["claude", "win32", "C:\\Users\\u\\AppData\\Roaming\\Claude\\claude_desktop_config.json"],
    ["vscode", "linux", "/home/u/.config/Code/User/mcp.json"],
    ["vscode", "darwin", "/Users/u/Library/Application Support/Code/User/mcp.json"],
    ["vscode", "win32", "C:\\Users\\u\\AppData\\Roaming\\Code\\User\\mcp.json"],
    ["cursor", "darwin", "/Users/u/.cursor/mcp.json"],
    ["cursor", "win32", "C:\\Users\\u\\.cursor\\mcp.json"],
    ["windsurf", "linux", "/home/u/.codeium/windsurf/mcp_config.json"],
    ["codex", "linux", "/home/u/.codex/config.toml"],
    ["codex", "win32", "C:\\Users\\u\\.codex\\config.toml"],
  ] as const)("%s on %s", (editor, platform, want) => {
    expect(editorConfigPath(editor, { platform, home: home[platform], env })).toBe(want);
  });

  it("follows CODEX_HOME and XDG_CONFIG_HOME", () => {
    const context = {
      platform: "linux" as const,
      home: "/home/u",
      env: { CODEX_HOME: "/c", XDG_CONFIG_HOME: "/x" },
    };
    expect(editorConfigPath("codex", context)).toBe("/c/config.toml");
    expect(editorConfigPath("claude", context)).toBe("/x/Claude/claude_desktop_config.json");
  });
});

describe("init --import", () => {
  it("writes the imported servers under their names, with ${VAR} for secrets, and lists what it left out", async () => {
    const project = await createTempProject("init-import");
    try {
      await project.write(".cursor/mcp.json", {
        mcpServers: {
          search: { command: "npx", args: ["-y", "search-mcp"], env: { SEARCH_API_KEY: KEY } },
          socket: { url: "ws://127.0.0.1:1/mcp" },
        },
      });
      const run = await runCliCaptured(["init", "--import", "cursor", "--json"], project.dir);
      expect(run.code).toBe(0);
      const config = JSON.parse(await readFile(project.path("mcp-codegen.config.json"), "utf8"));
      expect(config.servers).toEqual({
        search: {
          command: "npx",
          args: ["-y", "search-mcp"],
          env: { SEARCH_API_KEY: "${SEARCH_API_KEY}" },
        },
      });
      expect(run.stderr).toContain("set SEARCH_API_KEY");
      expect(run.stderr).toContain("left out socket: WebSocket servers are not supported");
      expect(run.stdout + run.stderr).not.toContain(KEY);
      const missing = await runCliCaptured(
        ["init", "--import", "nothing.json", "--force"],
        project.dir,
      );
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("cannot read");
    } finally {
      await project.remove();
    }
  });

  it("puts every imported client under --out, each in a folder named after its server", async () => {
    const project = await createTempProject("init-import-out");
    try {
      await project.write("claude.json", {
        mcpServers: {
          search: { command: "npx", args: ["-y", "search-mcp"] },
          notes: { command: "node", args: ["notes.js"] },
        },
      });
      const run = await runCliCaptured(
        ["init", "--import", "claude.json", "--out", "src/mcp/", "--json"],
        project.dir,
      );
      expect(run.code).toBe(0);
      const config = JSON.parse(await readFile(project.path("mcp-codegen.config.json"), "utf8"));
      expect(config.servers.search.out).toBe("src/mcp/search");
      expect(config.servers.notes.out).toBe("src/mcp/notes");
    } finally {
      await project.remove();
    }
  });
});
