/**
 * No module of a real catalog, a golden case or the demo goes to prettier: the direct printer
 * prints them all, counted through `generateFiles`' `onFormatFallback` seam. The real catalog is
 * the tools the pinned reference servers (`@modelcontextprotocol/server-everything`,
 * `-filesystem`, `-memory`, devDependencies) list live, the catalog `bench:peers` times; the
 * direct output must also equal prettier's for it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connect } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import type { Tool } from "../../runtime/protocol/types.js";
import { generateFiles } from "../../templates/generate.js";
import type { Snapshot } from "../../templates/snapshot.js";
import { parseSnapshot } from "../../templates/snapshot-parse.js";
import {
  caseDir,
  goldenCaseNames,
  loadSnapshot,
  REPOSITORY_ROOT,
} from "../support/golden-cases.js";
import { referenceServer, type ReferenceServerName } from "../support/reference-servers.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";

const VERSION = "0.0.0-golden";

/** The paths of the modules the direct printer left to prettier. */
async function fallbacks(snapshot: Snapshot): Promise<string[]> {
  const paths: string[] = [];
  await generateFiles(snapshot, {
    generatorVersion: VERSION,
    onFormatFallback: (path) => paths.push(path),
  });
  return paths;
}

async function listTools(name: ReferenceServerName): Promise<Tool[]> {
  const server = await referenceServer(name);
  const { command, args, env, cwd } = server;
  const client = await connect({ command, args, env, cwd, stderr: "ignore" });
  try {
    return await client.listTools();
  } finally {
    await client.close();
    await server.remove();
  }
}

/**
 * Modules the hostile cases hold on purpose that prettier still prints: names longer than a line,
 * a quoted `__proto__` key, wide characters whose width only prettier knows.
 */
const HOSTILE_FALLBACKS = [
  "all-tools.ts",
  "index.ts",
  "mock.ts",
  "tools/a-tool-name-that-keeps-going-a-tool-name-that-keeps-going_6010b9.ts",
  "tools/properties-that-bite.ts",
  "tools/unnamed_540637.ts",
];

/**
 * Modules still left to prettier: the hostile cases' (above); an intersection inside a union,
 * which prettier parenthesises; and a call whose sole argument's last object prettier hugs.
 */
const KNOWN_FALLBACKS: Record<string, string[]> = {
  hostile: HOSTILE_FALLBACKS,
  "agent-pack": HOSTILE_FALLBACKS,
  "edge-schemas": ["tools/compositions.ts"],
  "legacy-era": ["index.ts"],
  // The js+dts form of skills.ts: its literal types' layout is left to prettier.
  "js-dts": ["skills.d.ts", "skills.js"],
};

describe("direct printing of real catalogs", () => {
  it("prints the reference servers' tools without prettier, as prettier does", async () => {
    const tools: Tool[] = [];
    for (const name of ["everything", "filesystem", "memory"] as const) {
      tools.push(...(await listTools(name)));
    }
    expect(tools.map((tool) => tool.name)).toContain("read_media_file");
    const snapshot = toolsSnapshot("reference", tools, {
      protocolVersion: "2025-11-25",
      supportedVersions: ["2025-11-25"],
    });
    expect(await fallbacks(snapshot)).toEqual([]);
    const [direct, pretty] = await Promise.all([
      generateFiles(snapshot, { generatorVersion: VERSION, format: "direct" }),
      generateFiles(snapshot, { generatorVersion: VERSION, format: "prettier" }),
    ]);
    expect(direct).toEqual(pretty);
  }, 120_000);

  it.each(goldenCaseNames())("prints golden case %s without prettier", async (name) => {
    const want = KNOWN_FALLBACKS[name] ?? [];
    expect((await fallbacks(loadSnapshot(caseDir(name)))).sort()).toEqual(want);
  });

  it("prints the demo client (examples/trip-planner) without prettier", async () => {
    const file = join(REPOSITORY_ROOT, "examples", "trip-planner", "mcp.snapshot.json");
    expect(await fallbacks(parseSnapshot(readFileSync(file, "utf8"), file))).toEqual([]);
  });
});
