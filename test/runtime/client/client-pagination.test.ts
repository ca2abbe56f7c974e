import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSize } from "../../../runtime/basics/json-size.js";
import { connect } from "@mcp-codegen/runtime";
import { RpcError, scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

describe("pagination", () => {
  function pagedServer(pages: Record<string, { items: string[]; next?: unknown }>) {
    return scriptedServer({
      "tools/list": (params) => {
        const page = pages[String(params.cursor ?? "<first>")];
        if (page === undefined) throw new RpcError(-32602, "Invalid cursor");
        const tools = page.items.map((name) => ({ name, inputSchema: { type: "object" } }));
        return page.next === undefined
          ? { resultType: "complete", tools }
          : { resultType: "complete", tools, nextCursor: page.next };
      },
    });
  }

  it("follows every cursor, treating the empty string as a cursor", async () => {
    const server = pagedServer({
      "<first>": { items: ["a", "b"], next: "" },
      "": { items: ["c"], next: "p3" },
      p3: { items: ["d"] },
    });
    const client = await connect({ server: server.handler });
    expect((await client.listTools()).map((t) => t.name)).toEqual(["a", "b", "c", "d"]);
    const cursors = server.requests
      .filter((r) => r.method === "tools/list")
      .map((r) => r.params?.cursor);
    expect(cursors).toEqual([undefined, "", "p3"]);
    const first = await client.listPage("tools/list");
    expect(first.nextCursor).toBe("");
    const second = await client.listPage("tools/list", { cursor: "" });
    expect(second.items.map((t) => t.name)).toEqual(["c"]);
  });

  it("fails on a repeated cursor, past the page cap, on a non-string cursor and an invalid cursor", async () => {
    const loop = await connect({
      server: pagedServer({
        "<first>": { items: ["a"], next: "x" },
        x: { items: ["b"], next: "x" },
      }).handler,
    });
    expect((await rejection(loop.listTools())).message).toContain("repeated a cursor");
    const long = await connect({
      server: pagedServer({
        "<first>": { items: ["a"], next: "1" },
        "1": { items: ["b"], next: "2" },
        "2": { items: ["c"] },
      }).handler,
    });
    expect((await rejection(long.listTools({ maxPages: 2 }))).message).toContain(
      "more than 2 pages",
    );
    expect((await rejection(long.listTools({ maxItems: 2 }))).message).toContain(
      "more than 2 items",
    );
    const numeric = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: 7 } }).handler,
    });
    expect((await rejection(numeric.listTools())).message).toContain("nextCursor is not a string");
    const huge = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: "x".repeat(20_000) } }).handler,
    });
    expect((await rejection(huge.listTools())).message).toContain("longer than");
    const invalid = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: "gone" } }).handler,
    });
    const error = await rejection(invalid.listTools());
    expect(error.code).toBe(-32602);
  });

  it("fails once the items of all pages pass maxBytes, with the bound in data, before the next page", async () => {
    const server = pagedServer({
      "<first>": { items: ["a".repeat(100)], next: "1" },
      "1": { items: ["b".repeat(100)], next: "2" },
      "2": { items: ["c"] },
    });
    const client = await connect({ server: server.handler });
    // One tool as JSON is its name plus about 50 characters: the first page fits, two do not.
    const error = await rejection(client.listTools({ maxBytes: 200 }));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain("items larger than 200 characters of JSON");
    expect(error.data).toEqual({ maxBytes: 200 });
    expect(server.requests.filter((r) => r.method === "tools/list")).toHaveLength(2);
    expect(await client.listTools({ maxBytes: 400 })).toHaveLength(3);
  });

  it("leaves out tools that are not objects with a string name, and reports each", async () => {
    const server = scriptedServer({
      "tools/list": () => ({
        resultType: "complete",
        tools: [null, 5, "x", [], { name: 7 }, { name: "ok", inputSchema: { type: "object" } }],
      }),
    });
    const diagnostics: string[] = [];
    const client = await connect(
      { server: server.handler },
      { onDiagnostic: (d) => diagnostics.push(`${d.kind}: ${d.detail}`) },
    );
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(["ok"]);
    expect(diagnostics).toEqual(
      [0, 1, 2, 3, 4].map(
        (index) =>
          `invalid-tool: tool at index ${index} left out: not an object with a string name`,
      ),
    );
  });
});

describe("jsonSize", () => {
  it("is the length of JSON.stringify for any JSON value without escapes", () => {
    const unit = fc.constantFrom("a", "b", " ", "é", "😀");
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6, stringUnit: unit }), (value) => {
        expect(jsonSize(value)).toBe(JSON.stringify(value).length);
      }),
      { numRuns: 300 },
    );
  });

  it("stops counting past stopAbove, and counts values nested any depth", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(jsonSize(deep)).toBe(200_003);
    expect(jsonSize(deep, 10)).toBeGreaterThan(10);
    expect(jsonSize(deep, 10)).toBeLessThan(100);
  });
});
