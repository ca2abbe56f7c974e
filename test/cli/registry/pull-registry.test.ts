/**
 * `pull --registry` and `pull --server-json` end to end, in process, against a local registry on
 * a loopback port: a remote entry pointing at a real MCP server over HTTP, an npm entry whose
 * `npx` is a stand-in on PATH that starts a real stdio server (the npm registry cannot be reached
 * here), latest and pinned versions, the secret rules, the status rule, and `generate` / `check`
 * working offline from the snapshot that records the origin.
 */
import { chmod, readdir, readFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKitchenSinkHttp, type RunningHttpServer } from "../../fixtures/servers/index.js";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";
import {
  entryPath,
  registryEntry,
  startLocalRegistry,
  type LocalRegistry,
} from "../../support/local-registry.js";

const REMOTE = "io.github.acme/sink";
const NPM = "io.github.acme/contract";
const SECRET = "sink-key-0123456789abcdef";

let registry: LocalRegistry;
let sink: RunningHttpServer;
let project: TempProject;
let savedPath: string | undefined;

function remoteEntry(version: string) {
  return {
    name: REMOTE,
    version,
    remotes: [
      {
        type: "streamable-http",
        url: sink.url,
        headers: [
          {
            name: "X-Sink-Key",
            description: "The key from your sink account",
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
  };
}

/** Every file under `dir`, as text. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const texts = await Promise.all(files.map((f) => readFile(join(f.parentPath, f.name), "utf8")));
  return texts.join("\n");
}

beforeAll(async () => {
  registry = await startLocalRegistry();
  sink = await startKitchenSinkHttp();
  project = await createTempProject("pull-registry");
  registry.routes.set(entryPath(REMOTE), { body: registryEntry(remoteEntry("2.0.0")) });
  registry.routes.set(entryPath(REMOTE, "1.0.0"), { body: registryEntry(remoteEntry("1.0.0")) });
  registry.routes.set(entryPath(REMOTE, "0.9.0"), {
    body: registryEntry(remoteEntry("0.9.0"), "deprecated"),
  });
  registry.routes.set(entryPath(REMOTE, "0.1.0"), {
    body: registryEntry(remoteEntry("0.1.0"), "deleted"),
  });
  // A stand-in for npx: records its arguments and starts the contract server over stdio.
  const [node, server] = contractServerCommand("unused");
  await project.write("contract.json", { tools: [simpleTool("ping")] });
  const npx = await project.write(
    "bin/npx",
    [
      `#!${node}`,
      'import { writeFileSync } from "node:fs";',
      `writeFileSync(${JSON.stringify(project.path("npx-args.json"))}, JSON.stringify({ args: process.argv.slice(2), token: process.env.CONTRACT_TOKEN }));`,
      `process.argv.splice(2, process.argv.length, ${JSON.stringify(project.path("contract.json"))});`,
      `await import(${JSON.stringify(new URL(`file://${server}`).href)});`,
    ].join("\n"),
  );
  await chmod(npx, 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${project.path("bin")}${delimiter}${savedPath ?? ""}`;
  registry.routes.set(entryPath(NPM, "3.1.0"), {
    body: registryEntry({
      name: NPM,
      version: "3.1.0",
      packages: [
        {
          registryType: "npm",
          identifier: "@acme/contract-mcp",
          version: "3.1.0",
          transport: { type: "stdio" },
          packageArguments: [{ type: "named", name: "--mode", value: "read-only" }],
          environmentVariables: [{ name: "CONTRACT_TOKEN", isRequired: true, isSecret: true }],
        },
      ],
    }),
  });
});

afterAll(async () => {
  process.env.PATH = savedPath;
  await Promise.all([registry.close(), sink.close(), project.remove()]);
});

const pull = (...argv: string[]) =>
  runCliCaptured(["pull", "--registry-url", registry.base, ...argv], project.dir);

describe("pull --registry", () => {
  it("pulls the latest remote entry, sends the secret header, and never writes it", async () => {
    const run = await pull(
      "--registry",
      REMOTE,
      "--out",
      "mcp/sink",
      "--secret-env",
      `X-Sink-Key=${SECRET}`,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(await readFile(project.path("mcp/sink/mcp.snapshot.json"), "utf8"));
    expect(snapshot.origin).toEqual({
      registry: REMOTE,
      version: "2.0.0",
      registryUrl: new URL(registry.base).href,
    });
    expect(await allText(project.path("mcp/sink"))).not.toContain(SECRET);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it("pins a version, and generate and check then work offline from the snapshot", async () => {
    const run = await pull(
      "--registry",
      `${REMOTE}@1.0.0`,
      "--out",
      "mcp/pinned",
      "--env",
      `X-Sink-Key=${SECRET}`,
    );
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/pinned/mcp.snapshot.json"), "utf8"),
    );
    expect(snapshot.origin.version).toBe("1.0.0");
    const asked = registry.paths.length;
    expect((await runCliCaptured(["generate", "--out", "mcp/pinned"], project.dir)).code).toBe(0);
    expect((await runCliCaptured(["check", "--out", "mcp/pinned"], project.dir)).code).toBe(0);
    expect(registry.paths.length).toBe(asked);
  });

  it("names a missing required secret header and its description (exit 2)", async () => {
    const run = await pull("--registry", REMOTE, "--out", "mcp/none");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("needs header X-Sink-Key (The key from your sink account)");
    expect(run.stderr).toContain("it is a secret: it is never written to a file");
  });

  it.each(["deprecated", "deleted"])(
    "refuses a %s version, naming the status (exit 2)",
    async (status) => {
      const version = status === "deprecated" ? "0.9.0" : "0.1.0";
      const run = await pull("--registry", `${REMOTE}@${version}`, "--env", `X-Sink-Key=${SECRET}`);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `${REMOTE}@${version} is "${status}" in the registry, not active`,
      );
    },
  );

  it("says a name the registry does not know is unknown (exit 2)", async () => {
    const run = await pull("--registry", "io.github.acme/nothing");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("has no server io.github.acme/nothing");
  });

  it("runs an npm entry with npx -y pkg@version, its arguments and its secret variable", async () => {
    const run = await runCliCaptured(
      [
        "pull",
        "--registry-url",
        registry.base,
        "--registry",
        `${NPM}@3.1.0`,
        "--out",
        "mcp/contract",
      ],
      project.dir,
    ).catch((e: unknown) => e);
    // The secret comes from the environment the CLI runs in; without it, one clear error.
    expect(run).toMatchObject({ code: 2 });
    process.env.CONTRACT_TOKEN = SECRET;
    try {
      const ok = await pull("--registry", `${NPM}@3.1.0`, "--out", "mcp/contract");
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
    } finally {
      delete process.env.CONTRACT_TOKEN;
    }
    const seen = JSON.parse(await readFile(project.path("npx-args.json"), "utf8"));
    expect(seen).toEqual({
      args: ["-y", "@acme/contract-mcp@3.1.0", "--mode", "read-only"],
      token: SECRET,
    });
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/contract/mcp.snapshot.json"), "utf8"),
    );
    expect(snapshot.origin).toMatchObject({ registry: NPM, version: "3.1.0" });
    expect(snapshot.tools.map((t: { name: string }) => t.name)).toEqual(["ping"]);
  });
});

describe("pull --server-json", () => {
  it("pulls from a server.json on disk and records its name and version", async () => {
    await project.write("server.json", remoteEntry("4.0.0"));
    const run = await runCliCaptured(
      [
        "pull",
        "--server-json",
        "server.json",
        "--out",
        "mcp/file",
        "--env",
        `X-Sink-Key=${SECRET}`,
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(await readFile(project.path("mcp/file/mcp.snapshot.json"), "utf8"));
    expect(snapshot.origin).toEqual({ registry: REMOTE, version: "4.0.0" });
  });

  it("applies every pull flag, as a pull from a command does (--agent, --capabilities)", async () => {
    await project.write("server.json", remoteEntry("4.0.0"));
    const run = await runCliCaptured(
      [
        "pull",
        "--server-json",
        "server.json",
        "--out",
        "mcp/flags",
        "--agent",
        "--capabilities",
        "none",
        "--env",
        `X-Sink-Key=${SECRET}`,
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/flags/mcp.snapshot.json"), "utf8"),
    );
    expect(snapshot.clientCapabilities).toEqual({});
    expect(snapshot.codegen).toMatchObject({ agent: true });
    expect(await readdir(project.path("mcp/flags/agent"))).toContain("SKILL.md");
  });

  it("refuses a file that is not a server.json (exit 2)", async () => {
    await project.write("broken.json", "{ nope");
    const run = await runCliCaptured(["pull", "--server-json", "broken.json"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("broken.json is not JSON");
  });
});

describe("a registry server in the config", () => {
  it("pulls with ${VAR} values, keeps them out of the files, and check --live says a newer version is published", async () => {
    const config = await createTempProject("registry-config");
    try {
      await config.write("mcp-codegen.config.json", {
        servers: {
          sink: {
            registry: REMOTE,
            version: "1.0.0",
            registryUrl: registry.base,
            env: { "X-Sink-Key": "${SINK_KEY}" },
          },
        },
      });
      process.env.SINK_KEY = SECRET;
      try {
        const run = await runCliCaptured(["pull"], config.dir);
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(await allText(config.path("mcp"))).not.toContain(SECRET);
        const snapshot = JSON.parse(
          await readFile(config.path("mcp/sink/mcp.snapshot.json"), "utf8"),
        );
        expect(snapshot.origin).toMatchObject({ registry: REMOTE, version: "1.0.0" });
        const live = await runCliCaptured(["check", "--live"], config.dir);
        expect(live.code).toBe(0);
        expect(live.stdout + live.stderr).toContain(
          'version 2.0.0 is published; the snapshot is from 1.0.0 (set "version": "2.0.0" and pull to update)',
        );
      } finally {
        delete process.env.SINK_KEY;
      }
      // Without the variable, one clear config error naming it.
      const missing = await runCliCaptured(["pull"], config.dir);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("SINK_KEY");
    } finally {
      await config.remove();
    }
  });

  it("refuses an entry with command and registry together, naming both", async () => {
    const config = await createTempProject("registry-config-bad");
    try {
      await config.write("mcp-codegen.config.json", {
        servers: { sink: { registry: REMOTE, command: "node" } },
      });
      const run = await runCliCaptured(["pull"], config.dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'give one of "command", "url" or "registry", not "command" and "registry"',
      );
    } finally {
      await config.remove();
    }
  });
});
