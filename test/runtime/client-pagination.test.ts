import { describe, expect, it } from "vitest";
import { connect } from "../../runtime/index.js";
import { RpcError, scriptedServer } from "../support/scripted-server.js";
import { rejection } from "./client-helpers.js";

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
});
