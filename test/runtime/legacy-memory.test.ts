// `@modelcontextprotocol/server-memory` (an initialize-era stdio server) through connect() in auto
// mode, with MEMORY_FILE_PATH in a temporary folder: every tool in a create/read/delete round on
// one knowledge graph, its one resource, and the graph file it leaves on disk.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpClient } from "../../runtime/client/client.js";
import { connect } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import { referenceServer, type ReferenceServer } from "../support/reference-servers.js";
import { rejection } from "./client-helpers.js";

let server: ReferenceServer;
let client: McpClient;

beforeAll(async () => {
  server = await referenceServer("memory");
  const { command, args, env, cwd } = server;
  client = await connect({ command, args, env, cwd, stderr: "ignore" });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.remove();
});

async function structured(name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = await client.callTool(name, args);
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent;
}

const ada = { name: "Ada", entityType: "person", observations: ["wrote notes"] };
const engine = { name: "Engine", entityType: "machine", observations: ["analytical"] };
const programmed = { from: "Ada", to: "Engine", relationType: "programmed" };
const adaLater = { ...ada, observations: ["wrote notes", "mathematician"] };

describe("server-memory over stdio, era found automatically", () => {
  it("is an initialize-era server with tools and one resource", async () => {
    expect(client.era).toBe("legacy");
    expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(client.server.info?.name).toBe("memory-server");
    expect((await client.listTools()).map((tool) => tool.name).sort()).toEqual(
      [
        "add_observations",
        "create_entities",
        "create_relations",
        "delete_entities",
        "delete_observations",
        "delete_relations",
        "open_nodes",
        "read_graph",
        "search_nodes",
      ].sort(),
    );
    expect((await client.listResources()).map((resource) => resource.uri)).toEqual([
      "memory://knowledge-graph",
    ]);
    expect(await client.listResourceTemplates()).toEqual([]);
    expect((await rejection(client.listPrompts())).code).toBe(-32601);
  });

  it("builds, reads and prunes a knowledge graph with every tool", async () => {
    expect(await structured("create_entities", { entities: [ada, engine] })).toEqual({
      entities: [ada, engine],
    });
    expect(await structured("create_relations", { relations: [programmed] })).toEqual({
      relations: [programmed],
    });
    expect(
      await structured("add_observations", {
        observations: [{ entityName: "Ada", contents: ["mathematician"] }],
      }),
    ).toEqual({ results: [{ entityName: "Ada", addedObservations: ["mathematician"] }] });
    expect(await structured("search_nodes", { query: "mathematician" })).toEqual({
      entities: [adaLater],
      relations: [programmed],
    });
    expect(await structured("open_nodes", { names: ["Engine"] })).toEqual({
      entities: [engine],
      relations: [programmed],
    });
    const read = await client.readResource("memory://knowledge-graph");
    expect(read.contents[0]).toMatchObject({ mimeType: "application/json" });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({
      entities: [adaLater, engine],
      relations: [programmed],
    });

    const deleted = {
      success: true,
      message: expect.stringMatching(/deleted successfully$/) as string,
    };
    expect(
      await structured("delete_observations", {
        deletions: [{ entityName: "Ada", observations: ["wrote notes"] }],
      }),
    ).toEqual(deleted);
    expect(await structured("delete_relations", { relations: [programmed] })).toEqual(deleted);
    expect(await structured("delete_entities", { entityNames: ["Engine"] })).toEqual(deleted);
    const left = { name: "Ada", entityType: "person", observations: ["mathematician"] };
    expect(await structured("read_graph", {})).toEqual({ entities: [left], relations: [] });
    // The graph lives in MEMORY_FILE_PATH, one JSON line per entity.
    const file = await readFile(server.env["MEMORY_FILE_PATH"]!, "utf8");
    expect(
      file
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ type: "entity", ...left }]);
  });
});
