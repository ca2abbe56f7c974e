/**
 * The governance pipeline against a real server (the official SDK's kitchen sink over HTTP):
 * what the hooks rewrite is what the server receives, what the selection hides or the policy
 * refuses never leaves the client, and each refusal has its own kind.
 */
import { describe, expect, it } from "vitest";
import {
  askBeforeUnsafeTools,
  connect,
  createPolicy,
  type AnyMcpError,
  type ApprovalRequest,
  type ConnectOptions,
  type McpClient,
  type ToolPolicy,
} from "@mcp-codegen/runtime";
import { createKitchenSinkServer } from "../../fixtures/servers/index.js";
import { rejection as failure } from "../client-helpers.js";
import { recordingWorld } from "./sdk-server.js";

const world = recordingWorld(createKitchenSinkServer);

const client = (options: ConnectOptions): Promise<McpClient> => world.connect(options);

/** Runs `act` and returns the requests it sent. */
async function sentBy(act: () => Promise<unknown>): Promise<string[]> {
  const before = world.server.requests().length;
  await act();
  return world.server
    .requests()
    .slice(before)
    .map((request) => request.method);
}

describe("hooks", () => {
  it("sends the arguments onToolCall rewrote, and returns what onToolResult made", async () => {
    const seen: unknown[] = [];
    const governed = await client({
      hooks: {
        onToolCall: async (call) => {
          seen.push([call.name, call.principal, call.arguments]);
          return { arguments: { text: String(call.arguments?.text).toUpperCase() } };
        },
        onToolResult: (_call, result) => ({
          ...result,
          content: [...result.content, { type: "text", text: "checked" }],
        }),
      },
    });
    const result = await governed.callTool("echo", { text: "hi" }, { principal: "ada" });
    expect(result.structuredContent).toEqual({ text: "HI" });
    expect(result.content.at(-1)).toEqual({ type: "text", text: "checked" });
    expect(seen).toEqual([["echo", "ada", { text: "hi" }]]);
    const sent = world.server
      .requests()
      .filter((request) => request.method === "tools/call")
      .at(-1);
    expect(sent?.params.arguments).toEqual({ text: "HI" });
  });

  it("refuses with kind hook, naming the hook and its reason, and sends nothing", async () => {
    const governed = await client({ hooks: { onToolCall: () => ({ refuse: "no echoes today" }) } });
    let error: AnyMcpError | undefined;
    const sent = await sentBy(async () => {
      error = await failure(governed.callTool("echo", { text: "hi" }));
    });
    expect(sent).toEqual([]);
    expect(error?.kind).toBe("hook");
    expect(error?.data).toEqual({ hook: "onToolCall", refused: true, reason: "no echoes today" });
    expect(error?.message).toBe(
      'tools/call "echo": refused by the onToolCall hook: no echoes today',
    );
  });

  it("turns a hook that throws into kind hook with the cause", async () => {
    const boom = new Error("hook bug");
    const governed = await client({
      hooks: {
        onToolResult: () => {
          throw boom;
        },
      },
    });
    const error = await failure(governed.callTool("echo", { text: "hi" }));
    expect([error.kind, error.data, error.cause]).toEqual([
      "hook",
      { hook: "onToolResult", refused: false },
      boom,
    ]);
    expect(error.message).toContain("the onToolResult hook threw: hook bug");
  });

  it("refuses arguments that are not an object, from a hook", async () => {
    const governed = await client({ hooks: { onToolCall: () => ({ arguments: ["x"] as never }) } });
    const sent = await sentBy(async () => {
      const error = await failure(governed.callTool("echo", { text: "hi" }));
      expect([error.kind, error.data]).toEqual(["hook", { hook: "onToolCall", refused: false }]);
    });
    expect(sent).toEqual([]);
  });

  it("rewrites prompt arguments, refuses resource reads, and reshapes the tool list", async () => {
    const governed = await client({
      hooks: {
        onPromptGet: (request) => ({ arguments: { ...request.arguments, name: "Zed" } }),
        onResourceRead: ({ uri }) => (uri.startsWith("file:") ? { refuse: "no files" } : undefined),
        onToolsListed: (tools) => tools.map((tool) => ({ ...tool, description: "(reviewed)" })),
      },
    });
    const prompt = await governed.getPrompt("greet", { name: "Ada" });
    expect(JSON.stringify(prompt.messages)).toContain("Zed");
    const read = await failure(governed.readResource("file:///readme.txt"));
    expect([read.kind, read.data]).toEqual([
      "hook",
      { hook: "onResourceRead", refused: true, reason: "no files" },
    ]);
    expect((await governed.readResource("greeting://bob")).contents).toHaveLength(1);
    const tools = await governed.listTools();
    expect(new Set(tools.map((tool) => tool.description))).toEqual(new Set(["(reviewed)"]));
  });
});

describe("selection", () => {
  it("hides tools from listTools and answers not_found without a request", async () => {
    const governed = await client({ tools: { include: ["echo", "a*"], exclude: ["add"] } });
    expect((await governed.listTools()).map((tool) => tool.name)).toEqual(["echo"]);
    let error: AnyMcpError | undefined;
    const sent = await sentBy(async () => {
      error = await failure(governed.callTool("add", { a: 1, b: 2 }));
    });
    expect(sent).toEqual([]);
    expect([error?.kind, error?.data]).toEqual(["not_found", { tool: "add" }]);
    expect(error?.message).toContain("nothing was sent");
    const page = await governed.listPage("tools/list");
    expect(page.items.map((tool) => tool.name)).toEqual(["echo"]);
    expect((page.result.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["echo"]);
  });

  it("judges a predicate on the definition, listing once to learn it, never calling", async () => {
    const governed = await client({ tools: (tool) => tool.annotations?.readOnlyHint === true });
    const sent = await sentBy(async () => {
      const error = await failure(governed.callTool("add", { a: 1, b: 2 }));
      expect(error.kind).toBe("not_found");
    });
    expect(sent).toEqual(["tools/list"]);
    expect((await governed.callTool("echo", { text: "ok" })).structuredContent).toEqual({
      text: "ok",
    });
  });
});

describe("policy", () => {
  it("asks before unsafe tools, per principal, remembers always, and asks again after revoke", async () => {
    const asked: ApprovalRequest[] = [];
    // The kitchen sink is the test's own server: its hints are trusted here.
    const policy = askBeforeUnsafeTools(
      (request) => {
        asked.push(request);
        return "always";
      },
      { trustReadOnlyHints: true },
    );
    const governed = await client({ policy });
    await governed.listTools();
    await governed.callTool("echo", { text: "read-only" });
    expect(asked).toEqual([]);
    expect(
      (await governed.callTool("add", { a: 1, b: 2 }, { principal: "bob" })).structuredContent,
    ).toEqual({ sum: 3 });
    await governed.callTool("add", { a: 2, b: 2 }, { principal: "bob" });
    expect(asked.map((request) => [request.name, request.principal, request.arguments])).toEqual([
      ["add", "bob", { a: 1, b: 2 }],
    ]);
    await governed.callTool("add", { a: 3, b: 2 });
    expect(asked.map((request) => request.principal)).toEqual(["bob", "default"]);
    policy.revoke("bob", "add");
    await governed.callTool("add", { a: 4, b: 2 }, { principal: "bob" });
    expect(asked).toHaveLength(3);
  });

  it("learns annotations by listing when the definition is unknown", async () => {
    let asks = 0;
    const governed = await client({
      policy: askBeforeUnsafeTools(
        () => {
          asks++;
          return "allow";
        },
        { trustReadOnlyHints: true },
      ),
    });
    const sent = await sentBy(() => governed.callTool("echo", { text: "x" }));
    expect([sent, asks]).toEqual([["tools/list", "tools/call"], 0]);
  });

  it("denies with kind denied naming the rule, and sends no call", async () => {
    const governed = await client({
      policy: createPolicy({ rules: [{ name: "no adding", tools: "add", decision: "deny" }] }),
    });
    let error: AnyMcpError | undefined;
    const sent = await sentBy(async () => {
      error = await failure(governed.callTool("add", { a: 1, b: 2 }, { principal: "eve" }));
    });
    expect(sent).toEqual([]);
    expect([error?.kind, error?.data]).toEqual([
      "denied",
      { tool: "add", principal: "eve", rule: "no adding", reason: "rule" },
    ]);
  });

  it("runs the pre-hook before the policy: the approver sees the rewritten call", async () => {
    const asked: unknown[] = [];
    const governed = await client({
      hooks: { onToolCall: () => ({ arguments: { a: 10, b: 20 } }) },
      policy: createPolicy({
        default: "ask",
        approver: (request) => {
          asked.push(request.arguments);
          return "deny";
        },
      }),
    });
    const error = await failure(governed.callTool("add", { a: 1, b: 2 }));
    expect([error.kind, asked]).toEqual(["denied", [{ a: 10, b: 20 }]]);
  });
});

describe('shape: "model"', () => {
  it("returns the text a model should see, for a plain client too", async () => {
    const plain = await client({});
    const text: string = await plain.callTool("echo", { text: "hi" }, { shape: "model" });
    // The structured content as JSON, then the text block (not a repeat of it: plain "hi").
    expect(text).toBe('{"text":"hi"}\nhi');
    expect(await plain.callTool("fail", {}, { shape: "model" })).toBe(
      "[tool error] this tool always fails",
    );
  });

  it("refuses options that cannot give text", async () => {
    const plain = await client({});
    const options = { shape: "model", manual: true } as const;
    const error = await failure(plain.callTool("echo", { text: "hi" }, options as never));
    expect(error.kind).toBe("input");
    expect(error.message).toContain('shape: "model" returns the result\'s text');
  });
});

describe("connect", () => {
  it("refuses a policy that is not one, before opening anything", async () => {
    const before = world.server.requests().length;
    const error = await failure(
      connect({ url: world.server.url }, { policy: { rules: [] } as unknown as ToolPolicy }),
    );
    expect(error.kind).toBe("input");
    expect(error.message).toContain("policy must be made by createPolicy");
    expect(world.server.requests().length).toBe(before);
  });

  it("refuses a selection RegExp the linear-time engine cannot run, before opening anything", async () => {
    const before = world.server.requests().length;
    const error = await failure(
      connect({ url: world.server.url }, { tools: { include: [/(?<=a)b/] } }),
    );
    expect(error.kind).toBe("input");
    expect(world.server.requests().length).toBe(before);
  });
});
