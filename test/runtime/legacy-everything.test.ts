// `@modelcontextprotocol/server-everything` (an initialize-era stdio server) through connect()
// in auto mode: every tool, prompt, resource and resource template it offers, called with valid
// arguments and checked for the content the server makes, including the requests it sends the
// client (elicitation, sampling, roots), progress, log messages and completion. One server per
// file: the tools are independent and cheap, so they share it.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpClient } from "../../runtime/client/client.js";
import { connect } from "../../runtime/client/connect.js";
import type { ElicitFormParams, ElicitUrlParams } from "../../runtime/input/input-types.js";
import "../../runtime/node/index.js";
import type { LogMessage, Progress } from "../../runtime/protocol/types.js";
import { referenceServer, type ReferenceServer } from "../support/reference-servers.js";
import { rejection } from "./client-helpers.js";

let server: ReferenceServer;
let client: McpClient;
const logs: LogMessage[] = [];
const asked = { forms: [] as ElicitFormParams[], urls: [] as ElicitUrlParams[], roots: 0 };

beforeAll(async () => {
  server = await referenceServer("everything");
  client = await connect(
    {
      command: server.command,
      args: server.args,
      env: server.env,
      cwd: server.cwd,
      stderr: "ignore",
    },
    {
      onLog: (message) => logs.push(message),
      handlers: {
        roots: () => {
          asked.roots += 1;
          return { roots: [{ uri: "file:///projects/atlas", name: "atlas" }] };
        },
        elicitation: (params) => {
          asked.forms.push(params);
          return {
            action: "accept",
            content: { name: "Ada", check: true, email: "ada@example.com" },
          };
        },
        elicitationUrl: (params) => {
          asked.urls.push(params);
          return { action: "accept" };
        },
        sampling: (params) => ({
          role: "assistant",
          content: { type: "text", text: `echoing ${params.maxTokens} tokens` },
          model: "fixture-model",
        }),
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.remove();
});

type Content = { type: string; text?: string; [key: string]: unknown }[];

async function call(name: string, args: Record<string, unknown> = {}): Promise<Content> {
  const result = await client.callTool(name, args);
  expect(result.isError ?? false).toBe(false);
  return result.content as Content;
}

const texts = (content: Content) => content.filter((c) => c.type === "text").map((c) => c.text);
const dataUri = (text: string) => `data:text/plain;base64,${Buffer.from(text).toString("base64")}`;

/**
 * One entry per tool: valid arguments for it and what its answer must hold. The test below checks
 * that these, with LEFT_OUT, are exactly the tools the server lists.
 */
const TOOLS: Record<string, () => Promise<void>> = {
  echo: async () =>
    expect(await call("echo", { message: "hi" })).toEqual([{ type: "text", text: "Echo: hi" }]),
  "get-annotated-message": async () => {
    const content = await call("get-annotated-message", {
      messageType: "error",
      includeImage: true,
    });
    expect(content[0]).toMatchObject({
      type: "text",
      text: "Error: Operation failed",
      annotations: { priority: 1 },
    });
    expect(content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
  },
  "get-env": async () => {
    const env = JSON.parse(texts(await call("get-env"))[0]!) as Record<string, string>;
    expect(env["HOME"]).toBe(server.env["HOME"]);
  },
  "get-resource-links": async () => {
    const links = (await call("get-resource-links", { count: 2 })).filter(
      (c) => c.type === "resource_link",
    );
    expect(links.map((link) => link["uri"])).toEqual([
      "demo://resource/dynamic/blob/1",
      "demo://resource/dynamic/text/2",
    ]);
    const read = await client.readResource(links[1]!["uri"] as string);
    expect(read.contents[0]).toMatchObject({
      text: expect.stringContaining("Resource 2:") as string,
    });
  },
  "get-resource-reference": async () => {
    const content = await call("get-resource-reference", { resourceType: "Blob", resourceId: 2 });
    const resource = content.find((c) => c.type === "resource")?.["resource"] as {
      uri: string;
      blob: string;
    };
    expect(resource.uri).toBe("demo://resource/dynamic/blob/2");
    expect(Buffer.from(resource.blob, "base64").toString()).toMatch(/^Resource 2: /);
  },
  "get-structured-content": async () => {
    const result = await client.callTool("get-structured-content", { location: "Chicago" });
    expect(result.structuredContent).toEqual({
      temperature: 36,
      conditions: "Light rain / drizzle",
      humidity: 82,
    });
  },
  "get-sum": async () =>
    expect(texts(await call("get-sum", { a: 2, b: 3 }))).toEqual(["The sum of 2 and 3 is 5."]),
  "get-tiny-image": async () => {
    const image = (await call("get-tiny-image")).find((c) => c.type === "image");
    // A PNG's signature, base64-encoded.
    expect(String(image?.["data"]).startsWith("iVBORw0KGgo")).toBe(true);
  },
  "gzip-file-as-resource": async () => {
    // A data: URI, so the tool fetches nothing from the network.
    const inline = await call("gzip-file-as-resource", {
      name: "a.gz",
      data: dataUri("hello, gzip"),
      outputType: "resource",
    });
    const { blob } = inline[0]!["resource"] as { blob: string };
    expect(gunzipSync(Buffer.from(blob, "base64")).toString()).toBe("hello, gzip");
    const [link] = await call("gzip-file-as-resource", { name: "b.gz", data: dataUri("linked") });
    expect(link).toMatchObject({ type: "resource_link", uri: "demo://resource/session/b.gz" });
    const read = await client.readResource("demo://resource/session/b.gz");
    const stored = read.contents[0] as { blob: string };
    expect(gunzipSync(Buffer.from(stored.blob, "base64")).toString()).toBe("linked");
  },
  "toggle-simulated-logging": async () => {
    const before = logs.length;
    expect(texts(await call("toggle-simulated-logging"))[0]).toMatch(/^Started simulated/);
    // The first message goes out at once, then one every 5 s until the second toggle.
    await expect
      .poll(() => logs.slice(before).some((log) => /level[- ]message/i.test(String(log.data))))
      .toBe(true);
    expect(texts(await call("toggle-simulated-logging"))[0]).toMatch(/^Stopped simulated/);
  },
  "toggle-subscriber-updates": async () => {
    // Updates go to subscribed resources only (listen, covered with the legacy listen work).
    expect(texts(await call("toggle-subscriber-updates"))[0]).toMatch(
      /^Started simulated resource updated/,
    );
    expect(texts(await call("toggle-subscriber-updates"))[0]).toMatch(
      /^Stopped simulated resource updates/,
    );
  },
  "trigger-long-running-operation": async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      "trigger-long-running-operation",
      { duration: 0.3, steps: 3 },
      { onProgress: (update) => progress.push(update) },
    );
    expect(texts(result.content as Content)).toEqual([
      "Long running operation completed. Duration: 0.3 seconds, Steps: 3.",
    ]);
    expect(progress.map((update) => [update.progress, update.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  },
  "get-roots-list": async () => {
    const text = texts(await call("get-roots-list"))[0];
    expect(text).toContain("Current MCP Roots (1 total)");
    expect(text).toContain("URI: file:///projects/atlas");
    expect(asked.roots).toBeGreaterThan(0);
    // The server logs each roots answer it gets.
    await expect
      .poll(() => logs.some((log) => String(log.data).includes("1 root(s) received from client")))
      .toBe(true);
  },
  "trigger-elicitation-request": async () => {
    const content = texts(await call("trigger-elicitation-request"));
    expect(asked.forms.at(-1)?.message).toBe("Please provide inputs for the following fields:");
    expect(content[0]).toBe("✅ User provided the requested information!");
    // The handler's values, and the schema's defaults the runtime filled in.
    expect(content[1]).toContain("- Name: Ada");
    expect(content[1]).toContain("- Favorite Integer: 42");
  },
  "trigger-url-elicitation": async () => {
    const content = texts(
      await call("trigger-url-elicitation", { url: "https://example.com/consent" }),
    );
    expect(asked.urls.at(-1)).toMatchObject({ mode: "url", url: "https://example.com/consent" });
    expect(content[0]).toMatch(/^✅ User completed the URL elicitation flow\./);
    // The error path: -32042, which an initialize-era server sends as a plain error response.
    const error = await rejection(
      client.callTool("trigger-url-elicitation", { url: "https://example.com/e", errorPath: true }),
    );
    expect(error.code).toBe(-32042);
  },
  "trigger-sampling-request": async () => {
    const content = texts(
      await call("trigger-sampling-request", { prompt: "hello", maxTokens: 5 }),
    );
    expect(content[0]).toMatch(/^LLM sampling result:/);
    expect(content[0]).toContain('"text": "echoing 5 tokens"');
    expect(content[0]).toContain('"model": "fixture-model"');
  },
};

/**
 * Listed but not called here, and why. (trigger-sampling-request-async and
 * trigger-elicitation-request-async are not listed at all: the server offers them only to a
 * client that declares the 2025-11-25 `tasks` capability for those requests.)
 */
const LEFT_OUT = {
  // Task-augmented (`execution.taskSupport: "required"`): the legacy tasks work covers it.
  "simulate-research-query": "needs the 2025-11-25 tasks API",
};

describe("server-everything over stdio, era found automatically", () => {
  it("is an initialize-era server", () => {
    expect(client.era).toBe("legacy");
    expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(client.server.info?.name).toBe("mcp-servers/everything");
    expect(client.server.capabilities).toMatchObject({ completions: {}, logging: {} });
  });

  it("lists exactly the tools this file calls or leaves out with a reason", async () => {
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names.sort()).toEqual([...Object.keys(TOOLS), ...Object.keys(LEFT_OUT)].sort());
  });

  it.each(Object.keys(TOOLS))("calls %s", async (name) => {
    await TOOLS[name]!();
  });

  it("gets every prompt", async () => {
    const prompts = (await client.listPrompts()).map((prompt) => prompt.name);
    expect(prompts.sort()).toEqual([
      "args-prompt",
      "completable-prompt",
      "resource-prompt",
      "simple-prompt",
    ]);
    const text = (result: { messages: { content: unknown }[] }, index = 0) =>
      (result.messages[index]?.content as { text?: string }).text;
    expect(text(await client.getPrompt("simple-prompt", {}))).toBe(
      "This is a simple prompt without arguments.",
    );
    expect(text(await client.getPrompt("args-prompt", { city: "Paris", state: "TX" }))).toBe(
      "What's weather in Paris, TX?",
    );
    expect(
      text(await client.getPrompt("completable-prompt", { department: "Sales", name: "Eve" })),
    ).toBe("Please promote Eve to the head of the Sales team.");
    const withResource = await client.getPrompt("resource-prompt", {
      resourceType: "Text",
      resourceId: "3",
    });
    expect(withResource.messages[1]?.content).toMatchObject({
      type: "resource",
      resource: {
        uri: "demo://resource/dynamic/text/3",
        text: expect.stringMatching(/^Resource 3: /) as string,
      },
    });
  });

  it("reads every resource and every template", async () => {
    const resources = await client.listResources();
    // Its seven documents, and the files gzip-file-as-resource added to this session.
    const documents = resources.filter((r) => r.uri.startsWith("demo://resource/static/document/"));
    expect(documents.length).toBe(7);
    for (const resource of resources) {
      const [first] = (await client.readResource(resource.uri)).contents as {
        uri: string;
        text?: string;
        blob?: string;
      }[];
      expect(first?.uri).toBe(resource.uri);
      if (documents.includes(resource)) expect(first?.text).toMatch(/^# /);
      else expect(gunzipSync(Buffer.from(first?.blob ?? "", "base64")).length).toBeGreaterThan(0);
    }
    const templates = (await client.listResourceTemplates()).map(
      (template) => template.uriTemplate,
    );
    expect(templates.sort()).toEqual([
      "demo://resource/dynamic/blob/{resourceId}",
      "demo://resource/dynamic/text/{resourceId}",
    ]);
    const text = await client.readResource("demo://resource/dynamic/text/5");
    expect(text.contents[0]).toMatchObject({
      text: expect.stringMatching(/^Resource 5: /) as string,
    });
    const blob = (await client.readResource("demo://resource/dynamic/blob/5")).contents[0] as {
      blob: string;
    };
    expect(Buffer.from(blob.blob, "base64").toString()).toMatch(/^Resource 5: /);
  });

  it("completes prompt arguments, with context, and template variables", async () => {
    const values = async (params: Parameters<McpClient["complete"]>[0]) =>
      (await client.complete(params)).completion.values;
    const prompt = { type: "ref/prompt", name: "completable-prompt" } as const;
    expect(await values({ ref: prompt, argument: { name: "department", value: "S" } })).toEqual([
      "Sales",
      "Support",
    ]);
    expect(
      await values({
        ref: prompt,
        argument: { name: "name", value: "" },
        context: { arguments: { department: "Sales" } },
      }),
    ).toEqual(["David", "Eve", "Frank"]);
    const resourcePrompt = { type: "ref/prompt", name: "resource-prompt" } as const;
    expect(
      await values({ ref: resourcePrompt, argument: { name: "resourceType", value: "" } }),
    ).toEqual(["Text", "Blob"]);
    const template = {
      type: "ref/resource",
      uri: "demo://resource/dynamic/text/{resourceId}",
    } as const;
    expect(await values({ ref: template, argument: { name: "resourceId", value: "1" } })).toEqual([
      "1",
    ]);
  });
});
