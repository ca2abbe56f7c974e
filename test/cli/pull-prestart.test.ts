/**
 * Which `pull` command lines start their server before the pull loads (cli/pull-prestart.ts):
 * only `-- COMMAND…` that the pull connects to first, with flags the target accepts. Every other
 * line starts nothing, so the pull reports its own error or takes its own path.
 */
import { describe, expect, it } from "vitest";
import { prestartPull, type PrestartFlags } from "../../cli/pull-prestart.js";

const SERVER = [process.execPath, "-e", "setTimeout(() => {}, 60_000)"];

// [what, flags, whether a server is started]
const LINES: readonly [string, PrestartFlags, boolean][] = [
  ["a command", { command: SERVER }, true],
  ["a command with --env and --cwd", { command: SERVER, env: ["A=1"], cwd: "." }, true],
  ["no command", { command: [] }, false],
  ["--url", { url: "http://127.0.0.1:9/mcp" }, false],
  [
    "--url and a command (refused by the pull)",
    { url: "http://127.0.0.1:9/", command: SERVER },
    false,
  ],
  ["--registry", { command: SERVER, registry: "io.example/server" }, false],
  ["--server-json", { command: SERVER, serverJson: "server.json" }, false],
  ["config names before --", { command: SERVER, names: ["a"] }, false],
  ["--server", { command: SERVER, server: ["a"] }, false],
  ["--client-credentials", { command: SERVER, clientCredentials: true }, false],
  ["--token-store", { command: SERVER, tokenStore: "tokens.json" }, false],
  ["--reauthorize", { command: SERVER, reauthorize: true }, false],
  ["an --env without =", { command: SERVER, env: ["NOVALUE"] }, false],
  ["--header with a command", { command: SERVER, header: ["A: b"] }, false],
];

describe("prestartPull", () => {
  it.each(LINES)("%s", async (_what, flags, started) => {
    const handle = prestartPull(flags, process.cwd());
    try {
      expect(handle !== undefined).toBe(started);
      if (handle !== undefined) expect(handle.pid).toBeTypeOf("number");
    } finally {
      await handle?.dispose();
    }
  });
});
