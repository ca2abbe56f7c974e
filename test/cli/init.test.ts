/**
 * `mcp-codegen init`, in-process on throwaway folders: the config it writes loads with the
 * project's own loader (TypeScript through jiti and the installed package, or JSON), the scripts
 * land in package.json with its formatting kept, nothing is overwritten without --force, and the
 * server comes from flags, or from answers on a terminal only.
 */
import { readFile, rm, symlink } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/index.js";
import { runCli } from "../../cli/program.js";
import { createTempProject, linesOf, REPO_ROOT, type TempProject } from "../support/cli-run.js";

interface InitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-codegen init <argv>`; `answers` arrive on a stdin that says it is a terminal. */
async function init(
  project: TempProject,
  argv: readonly string[],
  options: { answers?: string; tty?: boolean; ci?: boolean } = {},
): Promise<InitRun> {
  let stdout = "";
  let stderr = "";
  const stdin = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  if (options.answers !== undefined) stdin.end(options.answers);
  const env = { ...process.env };
  delete env.CI;
  if (options.ci === true) env.CI = "true";
  const code = await runCli(["init", ...argv], {
    cwd: project.dir,
    interactive: false,
    env,
    stdin,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** The project as a user's, with mcp-codegen installed: a .ts config can import it. */
async function installPackage(project: TempProject): Promise<void> {
  await symlink(REPO_ROOT, project.path("node_modules", "mcp-codegen"), "dir").catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      await project.write("node_modules/.keep", "");
      await symlink(REPO_ROOT, project.path("node_modules", "mcp-codegen"), "dir");
    },
  );
}

const read = (project: TempProject, file: string) => readFile(project.path(file), "utf8");

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject("init");
});
afterEach(() => project.remove());

describe("init: the config it writes", () => {
  it("writes a TypeScript config in a TypeScript project, which the loader loads", async () => {
    const manifest = `{\n    "name": "app",\n    "devDependencies": {\n        "mcp-codegen": "^0.1.0",\n        "typescript": "^5.9.0"\n    }\n}\n`;
    await project.write("package.json", manifest);
    await installPackage(project);
    const run = await init(project, [
      "--name",
      "weather",
      "--",
      "node",
      "server.mjs",
      "--port",
      "3",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      'wrote mcp-codegen.config.ts (server "weather")',
      "package.json: added mcp:pull, mcp:check",
      "next: run `npm run mcp:pull` to pull weather and generate its client",
    ]);
    expect(await read(project, "mcp-codegen.config.ts")).toBe(
      `import { defineConfig } from "mcp-codegen";

export default defineConfig({
  servers: {
    weather: { command: "node", args: ["server.mjs", "--port", "3"] },
  },
});
`,
    );
    const config = await loadConfig({ cwd: project.dir, env: {} });
    expect(config.file).toBe(project.path("mcp-codegen.config.ts"));
    expect(config.servers).toEqual([
      {
        name: "weather",
        target: { command: "node", args: ["server.mjs", "--port", "3"], env: {}, cwd: project.dir },
        out: project.path("mcp", "weather"),
        exclude: [],
        rename: {},
      },
    ]);
  });

  it("chooses TypeScript for a tsconfig.json alone, and warns that the import needs the package", async () => {
    await project.write("tsconfig.json", {});
    const run = await init(project, ["--url", "https://mcp.linear.app/mcp"]);
    expect(run.code).toBe(0);
    expect(linesOf(run.stderr)).toEqual([
      'warning: mcp-codegen.config.ts imports defineConfig from "mcp-codegen", which this project does not depend on yet: run `npm install --save-dev mcp-codegen`',
    ]);
    expect(linesOf(run.stdout)).toEqual([
      'wrote mcp-codegen.config.ts (server "linear")',
      "no package.json here: no scripts added",
      "next: run `npx mcp-codegen pull` to pull linear and generate its client",
    ]);
    await installPackage(project);
    const config = await loadConfig({ cwd: project.dir, env: {} });
    expect(config.servers.map((server) => [server.name, server.target])).toEqual([
      ["linear", { url: "https://mcp.linear.app/mcp", headers: {} }],
    ]);
  });

  it("writes JSON with the schema when the project has no TypeScript, with --out", async () => {
    await project.write("package.json", { name: "app" });
    const run = await init(project, [
      "--out",
      "src/mcp/memory",
      "--",
      "npx",
      "-y",
      "@acme/memory-mcp@1",
    ]);
    expect(run.code).toBe(0);
    expect(await read(project, "mcp-codegen.config.json")).toBe(
      `{
  "$schema": "./node_modules/mcp-codegen/config.schema.json",
  "servers": {
    "memory-mcp": {
      "command": "npx",
      "args": ["-y", "@acme/memory-mcp@1"],
      "out": "src/mcp/memory"
    }
  }
}
`,
    );
    const config = await loadConfig({ cwd: project.dir, env: {} });
    expect(config.servers[0]).toMatchObject({
      name: "memory-mcp",
      out: project.path("src", "mcp", "memory"),
    });
  });

  it("writes JSON in a TypeScript project when asked with --json", async () => {
    await project.write("tsconfig.json", {});
    const run = await init(project, ["--json", "--url", "http://127.0.0.1:3000/mcp"]);
    expect(run.code).toBe(0);
    expect(await read(project, "mcp-codegen.config.json")).toBe(
      `{
  "$schema": "./node_modules/mcp-codegen/config.schema.json",
  "servers": {
    "server": {
      "url": "http://127.0.0.1:3000/mcp"
    }
  }
}
`,
    );
    const config = await loadConfig({ cwd: project.dir, env: {} });
    // An IP address names nothing: the fallback name.
    expect(config.servers.map((server) => server.name)).toEqual(["server"]);
    expect(config.file).toBe(project.path("mcp-codegen.config.json"));
  });

  it("refuses an existing config of either kind without --force, and replaces it with it", async () => {
    for (const existing of ["mcp-codegen.config.json", "mcp-codegen.config.mjs"]) {
      await project.write(existing, "// mine\n");
      const run = await init(project, ["--url", "https://example.com/mcp"]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(linesOf(run.stderr)).toEqual([
        `error: ${existing} already exists; nothing was written (pass --force to replace it)`,
      ]);
      expect(await read(project, existing)).toBe("// mine\n");
      await rm(project.path(existing));
    }
    await project.write("mcp-codegen.config.json", "{}\n");
    await project.write("mcp-codegen.config.mjs", "// mine\n");
    expect((await init(project, ["--url", "https://example.com/mcp"])).stderr).toBe(
      "error: mcp-codegen.config.json and mcp-codegen.config.mjs already exist; nothing was written (pass --force to replace them)\n",
    );
    const forced = await init(project, ["--force", "--url", "https://example.com/mcp"]);
    expect(forced.code).toBe(0);
    expect(linesOf(forced.stdout)[0]).toBe(
      'replaced mcp-codegen.config.json and mcp-codegen.config.mjs with mcp-codegen.config.json (server "example")',
    );
    expect((await loadConfig({ cwd: project.dir, env: {} })).servers[0]?.name).toBe("example");
    const again = await init(project, [
      "--force",
      "--name",
      "other",
      "--url",
      "https://example.com/mcp",
    ]);
    expect(linesOf(again.stdout)[0]).toBe('replaced mcp-codegen.config.json (server "other")');
  });

  it("refuses a --name the config would refuse, and both a URL and a command", async () => {
    const badName = await init(project, ["--name", "1st", "--url", "https://example.com/mcp"]);
    expect(badName.code).toBe(2);
    expect(badName.stderr).toBe(
      'error: --name "1st" cannot name a server: start with a letter and use only letters, digits, - and _\n',
    );
    const both = await init(project, ["--url", "https://example.com/mcp", "--", "node", "s.mjs"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe("error: init takes --url URL or -- COMMAND ARGS..., not both\n");
    await expect(readFile(project.path("mcp-codegen.config.json"))).rejects.toThrow(/ENOENT/);
  });
});

describe("init: package.json", () => {
  it("keeps a script of the same name with another command, with a warning", async () => {
    const manifest =
      '{\n\t"name": "app",\n\t"scripts": {\n\t\t"mcp:pull": "mcp-codegen pull --config other.json",\n\t\t"build": "tsc"\n\t}\n}';
    await project.write("package.json", manifest);
    const run = await init(project, ["--json", "--url", "https://example.com/mcp"]);
    expect(run.code).toBe(0);
    expect(linesOf(run.stderr)).toEqual([
      'warning: package.json: kept your "mcp:pull" script; it differs from "mcp-codegen pull", the command init would add',
    ]);
    expect(linesOf(run.stdout)).toContain("package.json: added mcp:check");
    expect(linesOf(run.stdout)).toContain(
      "next: run `npx mcp-codegen pull` to pull example and generate its client",
    );
    // Tabs and no final newline, as the file had; its scripts first, in their order.
    expect(await read(project, "package.json")).toBe(
      '{\n\t"name": "app",\n\t"scripts": {\n\t\t"mcp:pull": "mcp-codegen pull --config other.json",\n\t\t"build": "tsc",\n\t\t"mcp:check": "mcp-codegen check"\n\t}\n}',
    );
  });

  it("leaves package.json untouched when both scripts are already there", async () => {
    const manifest = `{\r\n  "scripts": { "mcp:check": "mcp-codegen check", "mcp:pull": "mcp-codegen pull" }\r\n}\r\n`;
    await project.write("package.json", manifest);
    const run = await init(project, ["--url", "https://example.com/mcp"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await read(project, "package.json")).toBe(manifest);
    expect(linesOf(run.stdout).at(-1)).toBe(
      "next: run `npm run mcp:pull` to pull example and generate its client",
    );
  });

  it("writes nothing when package.json cannot take the scripts", async () => {
    await project.write("package.json", '{ "scripts": "tsc" }\n');
    const run = await init(project, ["--url", "https://example.com/mcp"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: package.json has a "scripts" that is not an object; nothing was written: fix it, or move it away and run init again\n',
    );
    await expect(readFile(project.path("mcp-codegen.config.json"))).rejects.toThrow(/ENOENT/);
  });
});

describe("init: asking for the server", () => {
  it("asks nothing when stdin is not a terminal: a usage error naming the flags", async () => {
    const run = await init(project, [], { answers: "demo\nnode server.mjs\n" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "error: init needs a server: pass --url URL or -- COMMAND ARGS... (it asks only on a terminal, outside CI)\n",
    );
    await expect(readFile(project.path("mcp-codegen.config.json"))).rejects.toThrow(/ENOENT/);
  });

  it("asks nothing in CI, even on a terminal", async () => {
    const run = await init(project, [], {
      answers: "demo\nnode server.mjs\n",
      tty: true,
      ci: true,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: init needs a server/);
  });

  it("on a terminal asks the name, then the command, and asks again after a bad answer", async () => {
    const answers = ["2fast", "demo", "", "node 'my server.mjs' --flag", ""].join("\n");
    const run = await init(project, [], { answers, tty: true });
    expect(run.code).toBe(0);
    const name = "Server name (letters, digits, - and _; empty to derive one): ";
    const target = "Command that starts the server, or its http(s) URL: ";
    expect(run.stderr).toBe(
      `${name}A name starts with a letter and has only letters, digits, - and _.\n${name}${target}Type the command (e.g. npx -y @modelcontextprotocol/server-everything) or a URL.\n${target}`,
    );
    const config = await loadConfig({ cwd: project.dir, env: {} });
    expect(config.servers.map((server) => [server.name, server.target])).toEqual([
      ["demo", { command: "node", args: ["my server.mjs", "--flag"], env: {}, cwd: project.dir }],
    ]);
  });

  it("takes a URL for an answer, and derives the name when it was left empty", async () => {
    const run = await init(project, [], {
      answers: "\nhttps://api.weather.example/mcp\n",
      tty: true,
    });
    expect(run.code).toBe(0);
    const config = await loadConfig({ cwd: project.dir, env: {} });
    expect(config.servers.map((server) => [server.name, server.target])).toEqual([
      ["weather", { url: "https://api.weather.example/mcp", headers: {} }],
    ]);
  });

  it("fails with a usage error when the input ends before a server is given", async () => {
    const run = await init(project, [], { answers: "demo\n", tty: true });
    expect(run.code).toBe(2);
    expect(linesOf(run.stderr).at(-1)).toMatch(
      /error: init: the input ended before a server was given; pass --url URL or -- COMMAND ARGS\.\.\.$/,
    );
  });
});
