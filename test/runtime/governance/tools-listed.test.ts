/**
 * `onToolsListed` sees the tools the selection offers and may replace them, in `listTools()` and
 * in a `listPage("tools/list")` page alike (its items and its raw `result.tools`); an answer that
 * is no array is the hook's fault, kind `hook`.
 */
import { describe, expect, it } from "vitest";
import { connect, isMcpError, type Tool } from "@mcp-codegen/runtime";
import { createKitchenSinkServer } from "../../fixtures/servers/index.js";
import { recordingWorld } from "./sdk-server.js";

const world = recordingWorld(createKitchenSinkServer);

async function listedBy(onToolsListed: (tools: Tool[]) => Tool[] | undefined) {
  const seen: string[][] = [];
  const client = await connect(
    { url: world.server.url },
    {
      tools: { include: ["echo", "add"] },
      hooks: {
        onToolsListed: (tools) => {
          seen.push(tools.map((tool) => tool.name).sort());
          return onToolsListed(tools);
        },
      },
    },
  );
  world.track(client);
  return { client, seen };
}

describe("onToolsListed", () => {
  it("sees the selection's tools and replaces them in listTools and a listPage page", async () => {
    const { client, seen } = await listedBy((tools) =>
      tools.filter((tool) => tool.name === "echo").map((tool) => ({ ...tool, title: "Echo" })),
    );
    const tools = await client.listTools();
    const page = await client.listPage("tools/list");
    expect(seen).toEqual([
      ["add", "echo"],
      ["add", "echo"],
    ]);
    expect(tools.map((tool) => [tool.name, tool.title])).toEqual([["echo", "Echo"]]);
    expect(page.items.map((tool) => [tool.name, tool.title])).toEqual([["echo", "Echo"]]);
    expect(page.result.tools).toEqual(page.items);
  });

  it("keeps the list when the hook returns nothing", async () => {
    const { client } = await listedBy(() => undefined);
    expect((await client.listTools()).map((tool) => tool.name).sort()).toEqual(["add", "echo"]);
  });

  it("turns an answer that is no array into kind hook", async () => {
    const { client } = await listedBy(() => ({ tools: [] }) as unknown as Tool[]);
    const error = await client.listTools().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
    expect([error.kind, error.data]).toEqual(["hook", { hook: "onToolsListed", refused: false }]);
    expect(error.message).toContain("the onToolsListed hook returned no array");
  });
});
