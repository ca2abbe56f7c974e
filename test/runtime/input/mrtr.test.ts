/**
 * Multi round-trip requests against the official SDK's `inputRequired` API, over stdio and HTTP:
 * handlers answering chains of rounds and mixed rounds, declined elicitation, the round cap,
 * load-shedding rounds, `Mcp-Param-*` headers on every round, and manual mode.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  isMcpError,
  type InputHandlers,
  type McpClient,
  type McpError,
} from "@mcp-codegen/runtime";
import {
  AWKWARD_STATE,
  mrtrStdio,
  startMrtrHttp,
  type RunningHttpServer,
} from "../../fixtures/servers/index.js";

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isMcpError(outcome)) throw new Error(`expected an McpError, got ${String(outcome)}`);
  return outcome;
}

const handlers: InputHandlers = {
  elicitation: (params) => ({ action: "accept", content: { name: `ada (${params.message})` } }),
  sampling: (params) => ({
    role: "assistant",
    content: { type: "text", text: `roses for ${params.maxTokens}` },
    model: "test-model",
  }),
  roots: () => ({ roots: [{ uri: "file:///work", name: "work" }] }),
};

let http: RunningHttpServer;
beforeAll(async () => {
  http = await startMrtrHttp();
});
afterAll(async () => {
  await http.close();
});

type Open = (options?: Parameters<typeof connect>[1]) => Promise<McpClient>;
const transports: Array<[string, Open]> = [
  ["stdio", (options) => connect({ ...mrtrStdio(), stderr: "pipe" }, options)],
  ["http", (options) => connect({ url: http.url }, options)],
];

describe.each(transports)("MRTR over %s", (_name, open) => {
  let client: McpClient;
  let manual: McpClient;
  beforeAll(async () => {
    client = await open({ handlers });
    manual = await open({
      handlers: { elicitation: "manual", sampling: "manual", roots: "manual" },
    });
  });
  afterAll(async () => {
    await client?.close();
    await manual?.close();
  });

  it("answers a chain of rounds (elicitation, sampling, roots) with a new id each round", async () => {
    const result = await client.callTool("chain", {});
    const out = result.structuredContent as { ids: unknown[]; note: string; roots: string[] };
    expect(out.ids).toHaveLength(4);
    expect(new Set(out.ids).size).toBe(4);
    expect(out.note).toBe('ada (Who are you?)|{"type":"text","text":"roses for 50"}');
    expect(out.roots).toEqual(["file:///work"]);
  });

  it("answers every kind asked in one round, keyed as the server asked", async () => {
    const result = await client.callTool("mixed", {});
    const out = result.structuredContent as { keys: string[]; responses: Record<string, unknown> };
    expect(out.keys).toEqual(["poem", "where", "who"]);
    // Defaults from the requested schema are filled in; bare results carry no resultType.
    expect(out.responses.who).toEqual({
      action: "accept",
      content: { name: "ada (Who are you?)", mood: "good" },
    });
    expect(out.responses.where).toEqual({ roots: [{ uri: "file:///work", name: "work" }] });
  });

  it("mirrors the Mcp-Param headers on every round and echoes the requestState", async () => {
    const tool = (await client.listTools()).find((t) => t.name === "whoami");
    const result = await client.callTool("whoami", { region: "eu-west" }, undefined, tool);
    expect(result.structuredContent).toMatchObject({ region: "eu-west", action: "accept" });
  });

  it("sends a declined elicitation as an answer", async () => {
    const result = await client.callTool(
      "whoami",
      { region: "us" },
      { handlers: { elicitation: () => ({ action: "decline" }) } },
    );
    expect(result.structuredContent).toMatchObject({ action: "decline", content: null });
  });

  it("asks for URL consent through its own handler", async () => {
    const seen: string[] = [];
    const result = await client.callTool(
      "openUrl",
      {},
      {
        handlers: {
          elicitationUrl: (params) => {
            seen.push(params.url);
            return { action: "accept" };
          },
        },
      },
    );
    expect(seen).toEqual(["https://example.com/link"]);
    expect(result.structuredContent).toEqual({ action: "accept", content: null });
  });

  it("retries rounds that only carry state, after a short pause", async () => {
    const result = await client.callTool("busy", {});
    expect((result.structuredContent as { ids: unknown[] }).ids).toHaveLength(3);
  });

  it("gives up after maxRounds with kind input_required", async () => {
    const error = await rejection(client.callTool("forever", {}, { maxRounds: 3 }));
    expect(error.kind).toBe("input_required");
    expect(error.message).toContain("after 3 rounds");
    expect((error.data as { resultType: string }).resultType).toBe("input_required");
  });

  it("fails before any handler runs when one request has no handler", async () => {
    let ran = 0;
    const partial = await open({
      handlers: {
        elicitation: () => (ran++, { action: "accept", content: { name: "x" } }),
        sampling: "manual",
        roots: () => (ran++, { roots: [] }),
      },
    });
    try {
      const error = await rejection(partial.callTool("mixed", {}));
      expect(error.kind).toBe("input_required");
      expect(error.message).toContain("poem (sampling/createMessage)");
      expect(ran).toBe(0);
    } finally {
      await partial.close();
    }
  });

  it("fails the call when a handler throws", async () => {
    const error = await rejection(
      client.callTool(
        "chain",
        {},
        { handlers: { sampling: () => Promise.reject(new Error("no model")) } },
      ),
    );
    expect(error.kind).toBe("input_required");
    expect(error.message).toContain('"poem" failed: Error: no model');
  });

  it("rejects a form answer that does not match the requested schema", async () => {
    const error = await rejection(
      client.callTool(
        "whoami",
        { region: "eu" },
        { handlers: { elicitation: () => ({ action: "accept", content: { mood: "meh" } }) } },
      ),
    );
    expect(error.kind).toBe("input");
    expect(error.message).toContain("name is required");
  });

  it("refuses a sampling answer without a model", async () => {
    const sampling = () =>
      ({ role: "assistant", content: { type: "text", text: "x" } }) as unknown as {
        role: "assistant";
        content: { type: "text"; text: string };
        model: string;
      };
    const error = await rejection(client.callTool("chain", {}, { handlers: { sampling } }));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("{ role, content, model }");
  });

  it("stops between rounds when the caller aborts", async () => {
    const controller = new AbortController();
    const error = await rejection(
      client.callTool(
        "chain",
        {},
        {
          signal: controller.signal,
          handlers: {
            elicitation: () => {
              controller.abort();
              return { action: "accept", content: { name: "x" } };
            },
          },
        },
      ),
    );
    expect(error.kind).toBe("cancelled");
  });

  it("answers prompts/get and resources/read too", async () => {
    const prompt = await client.getPrompt("personal");
    expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Hello ada (Who are you?)" });
    const resource = await client.readResource("secret://vault");
    expect(resource.contents[0]).toMatchObject({ text: "file:///work" });
  });

  it("manual mode returns input_required and takes the answers back", async () => {
    const first = await manual.callTool("whoami", { region: "ap" }, { manual: true });
    if (first.resultType !== "input_required") throw new Error("expected input_required");
    expect(Object.keys(first.inputRequests ?? {})).toEqual(["who"]);
    expect(first.requestState?.endsWith(AWKWARD_STATE)).toBe(true);
    const second = await manual.callTool(
      "whoami",
      { region: "ap" },
      {
        manual: true,
        inputResponses: { who: { action: "accept", content: { name: "grace" } } },
        ...(first.requestState === undefined ? {} : { requestState: first.requestState }),
      },
    );
    if (second.resultType === "input_required") throw new Error("expected a complete result");
    expect(second.structuredContent).toMatchObject({ region: "ap", content: { name: "grace" } });
  });

  it("manual mode for prompts and resources", async () => {
    const prompt = await manual.getPrompt("personal", undefined, { manual: true });
    expect(prompt.resultType).toBe("input_required");
    const done = await manual.getPrompt("personal", undefined, {
      inputResponses: { who: { action: "cancel" } },
    });
    expect(done.messages[0]?.content).toEqual({ type: "text", text: "Hello cancel" });
    const read = await manual.readResource("secret://vault", { manual: true });
    expect(read.resultType).toBe("input_required");
  });

  it("without manual: true, input nobody answers throws kind input_required", async () => {
    const error = await rejection(manual.callTool("whoami", { region: "ap" }));
    expect(error.kind).toBe("input_required");
    expect(error.message).toContain("who (elicitation/create)");
  });
});

describe("declared capabilities", () => {
  it("refuses a capability without a handler at connect", async () => {
    const error = await rejection(
      connect({ url: "http://127.0.0.1:1/mcp" }, { capabilities: { sampling: {} } }),
    );
    expect(error.kind).toBe("input");
    expect(error.message).toContain("no sampling handler");
  });
});
