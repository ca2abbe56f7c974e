/**
 * `mcp-codegen pull` from the three reference servers, all initialize-era stdio servers
 * (`@modelcontextprotocol/server-everything`, `-filesystem`, `-memory`), each with a temporary
 * HOME and folder: the snapshots record the legacy protocol version, the generated clients
 * compile under strict settings with a program using them, that program's typed calls succeed
 * against the live servers, and `check --live` finds no drift.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { compileStrict, type Resolution } from "../support/cli-compile.js";
import {
  everythingUsageSource,
  filesystemUsageSource,
  memoryUsageSource,
} from "../support/cli-reference-usage.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import {
  referenceServer,
  type ReferenceServer,
  type ReferenceServerName,
} from "../support/reference-servers.js";

const NAMES = ["everything", "filesystem", "memory"] as const;
const USAGE = {
  everything: everythingUsageSource,
  filesystem: filesystemUsageSource,
  memory: memoryUsageSource,
};

let project: TempProject;
const servers = {} as Record<ReferenceServerName, ReferenceServer>;
let pullOutput: string;

const targetOf = ({ command, args, env, cwd }: ReferenceServer) => ({ command, args, env, cwd });

beforeAll(async () => {
  project = await createTempProject("legacy-pull");
  for (const name of NAMES) servers[name] = await referenceServer(name);
  await project.write("mcp-codegen.config.json", {
    servers: Object.fromEntries(NAMES.map((name) => [name, targetOf(servers[name])])),
  });
  const pulled = await runCliCaptured(["pull"], project.dir);
  expect(pulled.stderr).toBe("");
  expect(pulled.code).toBe(0);
  pullOutput = pulled.stdout;
  for (const name of NAMES) {
    await project.write(`usage-${name}.ts`, USAGE[name](`./mcp/${name}/index.js`));
  }
}, 120_000);

afterAll(async () => {
  await project?.remove();
  await Promise.all(Object.values(servers).map((server) => server.remove()));
});

it("pulls each server with a summary line", () => {
  expect(
    linesOf(pullOutput)
      .map((line) => line.replace(/ → .*/, ""))
      .sort(),
  ).toEqual([
    "everything: 17 tools, 4 prompts, 7 resources, 2 resource templates",
    "filesystem: 14 tools, 0 prompts, 0 resources, 0 resource templates",
    "memory: 9 tools, 0 prompts, 1 resource, 0 resource templates",
  ]);
});

it.each(NAMES)("records the initialize-era protocol version in the %s snapshot", async (name) => {
  const snapshot = JSON.parse(
    await readFile(project.path("mcp", name, "mcp.snapshot.json"), "utf8"),
  ) as { protocolVersion: string; supportedVersions?: string[] };
  expect(snapshot.protocolVersion).toBe("2025-11-25");
  const index = await readFile(project.path("mcp", name, "index.ts"), "utf8");
  expect(index).toMatch(/^\/\/ Server: .*, MCP protocol 2025-11-25\.$/m);
});

it.each<Resolution>(["nodenext", "bundler"])(
  "compiles, with programs using them, under strict %s settings",
  (resolution) => {
    const files = NAMES.flatMap((name) => [
      project.path(`usage-${name}.ts`),
      project.path("mcp", name, "index.ts"),
    ]);
    expect(compileStrict(files, resolution)).toEqual([]);
  },
);

/** Runs a usage program against its server and returns what it printed. */
async function use(name: ReferenceServerName): Promise<Record<string, unknown>> {
  const server = servers[name];
  const run = await runNode(
    [
      "--import",
      TSX_LOADER,
      project.path(`usage-${name}.ts`),
      // The servers announce themselves on stderr; the program's own must stay empty.
      JSON.stringify({ ...targetOf(server), stderr: "ignore" }),
      server.data,
    ],
    project.dir,
  );
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe("typed calls through the generated clients", () => {
  it("server-everything: every tool but the task-only one, every prompt and resource", async () => {
    const results = await use("everything");
    expect(results).toEqual({
      echo: ["Echo: typed"],
      annotated: ["Operation completed successfully"],
      envHome: servers.everything.env["HOME"],
      links: ["text", "resource_link"],
      reference: ["text", "resource", "text"],
      weather: { temperature: 33, humidity: 82 },
      sum: ["The sum of 19 and 23 is 42."],
      image: ["text", "image", "text"],
      gzip: ["resource_link"],
      logging: ["Started"],
      logged: true,
      updates: ["Started"],
      long: ["Long running operation completed. Duration: 0.2 seconds, Steps: 2."],
      progress: [1, 2],
      prompts: [["text"], ["text"], ["text"], ["text", "resource"]],
      resources: [
        "demo://resource/static/document/architecture.md",
        "demo://resource/static/document/extension.md",
        "demo://resource/static/document/features.md",
        "demo://resource/static/document/how-it-works.md",
        "demo://resource/static/document/instructions.md",
        "demo://resource/static/document/startup.md",
        "demo://resource/static/document/structure.md",
        "demo://resource/dynamic/text/8",
        "demo://resource/dynamic/blob/9",
      ],
    });
  });

  it("server-filesystem: every tool, in its allowed folder", async () => {
    const folder = servers.filesystem.data;
    const results = await use("filesystem");
    expect(results).toMatchObject({
      write: `Successfully wrote to ${folder}/notes.txt`,
      readText: "alpha\ngamma",
      read: "alpha",
      multiple: `${folder}/nested/moved.txt:\nalpha\ngamma\n`,
      list: "[DIR] nested",
      search: `${folder}/nested/moved.txt`,
      info: "size: 11",
      allowed: `Allowed directories:\n${folder}`,
      media: ["image"],
    });
    expect(results["edit"]).toContain("+gamma");
    expect(results["sizes"]).toContain("moved.txt");
    expect(JSON.parse(results["tree"] as string)).toEqual([
      { name: "nested", type: "directory", children: [{ name: "moved.txt", type: "file" }] },
    ]);
  });

  it("server-memory: every tool and its resource", async () => {
    const grace = { name: "Grace", entityType: "person", observations: ["admiral"] };
    expect(await use("memory")).toEqual({
      created: ["Grace", "COBOL"],
      found: ["Grace"],
      opened: ["1959"],
      resource: {
        entities: [grace, { name: "COBOL", entityType: "language", observations: ["1959"] }],
        relations: [{ from: "Grace", to: "COBOL", relationType: "designed" }],
      },
      deleted: true,
      graph: { entities: [grace], relations: [] },
    });
  });
});

it("check --live finds no drift on any of them", async () => {
  const run = await runCliCaptured(["check", "--live"], project.dir);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(linesOf(run.stdout).sort()).toEqual(
    NAMES.flatMap((name) => [
      `${name}: the server's contract matches the snapshot`,
      `${name}: up to date`,
    ]).sort(),
  );
});
