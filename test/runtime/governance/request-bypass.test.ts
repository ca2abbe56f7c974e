/**
 * No public path goes around a governed client's pipeline. `request()` sends raw requests, so on
 * a governed client it refuses the methods the pipeline governs (kind `input`, nothing sent) and
 * names the method to use instead; a plain client still sends them. Against the official SDK's
 * kitchen sink over HTTP, with the requests the server received.
 */
import { describe, expect, it } from "vitest";
import { connect, createPolicy, type ConnectOptions } from "@mcp-codegen/runtime";
import { createKitchenSinkServer } from "../../fixtures/servers/index.js";
import { rejection } from "../client-helpers.js";
import { recordingWorld } from "./sdk-server.js";

const world = recordingWorld(createKitchenSinkServer);

/** Hides and denies `echo`, refuses every prompt and resource read. */
const GOVERNED: ConnectOptions = {
  tools: { exclude: ["echo"] },
  policy: createPolicy({ rules: [{ tools: "echo", decision: "deny" }] }),
  hooks: {
    onPromptGet: () => ({ refuse: "no prompts" }),
    onResourceRead: () => ({ refuse: "no resources" }),
  },
};

/** given: a raw request; want: the method to use instead, as the refusal names it. */
const GOVERNED_METHODS: [string, Record<string, unknown>, string][] = [
  ["tools/call", { name: "echo", arguments: { text: "hi" } }, "callTool"],
  ["tools/list", {}, "listTools"],
  ["prompts/get", { name: "greet", arguments: { name: "Ada" } }, "getPrompt"],
  ["resources/read", { uri: "file:///readme.txt" }, "readResource"],
];

async function sentBy(act: () => Promise<unknown>): Promise<string[]> {
  const before = world.server.requests().length;
  await act();
  return world.server
    .requests()
    .slice(before)
    .map((request) => request.method);
}

describe("request() on a governed client", () => {
  it("refuses the tool that callTool refuses, and sends nothing", async () => {
    const governed = world.track(await connect({ url: world.server.url }, GOVERNED));
    expect((await rejection(governed.callTool("echo", { text: "hi" }))).kind).toBe("not_found");
    let kind: string | undefined;
    const sent = await sentBy(async () => {
      kind = (await rejection(governed.request("tools/call", { name: "echo", arguments: {} })))
        .kind;
    });
    expect(kind).toBe("input");
    expect(sent).toEqual([]);
  });

  it.each(GOVERNED_METHODS)(
    "refuses %s with kind input, naming the method to use",
    async (method, params, use) => {
      const governed = world.track(await connect({ url: world.server.url }, GOVERNED));
      const sent = await sentBy(async () => {
        const error = await rejection(governed.request(method, params));
        expect(error.kind).toBe("input");
        expect(error.method).toBe(method);
        expect(error.message).toContain(`client.${use}(`);
        expect(error.message).toContain("pipeline");
      });
      expect(sent).toEqual([]);
    },
  );

  it("refuses them for any governance option alone (a hook, a selection, a policy)", async () => {
    for (const options of [
      { hooks: {} },
      { tools: { include: ["*"] } },
      { policy: createPolicy() },
    ] satisfies ConnectOptions[]) {
      const governed = world.track(await connect({ url: world.server.url }, options));
      const error = await rejection(governed.request("tools/call", { name: "add" }));
      expect(error.kind).toBe("input");
    }
  });

  it("still sends the methods the pipeline does not govern (completion, ping-like reads)", async () => {
    const governed = world.track(await connect({ url: world.server.url }, GOVERNED));
    const result = await governed.request("resources/list", {});
    expect(Array.isArray(result.resources)).toBe(true);
  });

  it("a plain client sends every method as asked", async () => {
    const plain = world.track(await connect({ url: world.server.url }));
    const result = await plain.request("tools/call", { name: "echo", arguments: { text: "hi" } });
    expect(result.structuredContent).toEqual({ text: "hi" });
  });
});

describe("the other public paths of a governed client", () => {
  it("listPage('tools/list') applies the selection", async () => {
    const governed = world.track(await connect({ url: world.server.url }, GOVERNED));
    const page = await governed.listPage("tools/list");
    const names = page.items.map((tool) => tool.name);
    expect(names).toContain("add");
    expect(names).not.toContain("echo");
    expect((page.result.tools as { name: string }[]).map((tool) => tool.name)).toEqual(names);
  });

  it("callTool with a task runs the pipeline before anything is sent", async () => {
    const governed = world.track(await connect({ url: world.server.url }, GOVERNED));
    for (const task of ["await", "return"] as const) {
      const sent = await sentBy(async () => {
        const error = await rejection(governed.callTool("echo", { text: "hi" }, { task }));
        expect(error.kind).toBe("not_found");
      });
      expect(sent).toEqual([]);
    }
  });
});
