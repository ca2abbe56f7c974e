/**
 * The specification's own example messages: the runtime accepts every result example and maps
 * every error example to the right kind and code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connect, isMcpError, type McpClient } from "@mcp-codegen/runtime";
import { RpcError, scriptedServer } from "../support/scripted-server.js";

// A copy inside the repository (see its LICENSE-NOTE.md), so a clone runs this test on its own.
const EXAMPLES = join(import.meta.dirname, "../fixtures/spec-2026-07-28/examples");

function examples(folder: string): Array<[string, unknown]> {
  return readdirSync(join(EXAMPLES, folder))
    .filter((file) => file.endsWith(".json"))
    .map((file) => [
      `${folder}/${file}`,
      JSON.parse(readFileSync(join(EXAMPLES, folder, file), "utf8")),
    ]);
}

/** How each result type is asked for through the client's typed API. */
const RESULT_CALLS: Record<
  string,
  { method: string; call: (client: McpClient) => Promise<unknown> }
> = {
  CallToolResult: {
    method: "tools/call",
    call: (c) => c.callTool("get_weather", { location: "NYC" }),
  },
  GetPromptResult: {
    method: "prompts/get",
    call: (c) => c.getPrompt("code_review", { code: "x" }),
  },
  ReadResourceResult: {
    method: "resources/read",
    call: (c) => c.readResource("file:///project/src/main.rs"),
  },
  CompleteResult: {
    method: "completion/complete",
    call: (c) =>
      c.complete({ ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } }),
  },
  DiscoverResult: {
    method: "server/discover",
    call: (c) => c.discover().then((d) => d.discoverResult),
  },
  ListToolsResult: {
    method: "tools/list",
    call: (c) => c.listPage("tools/list").then((p) => p.result),
  },
  ListPromptsResult: {
    method: "prompts/list",
    call: (c) => c.listPage("prompts/list").then((p) => p.result),
  },
  ListResourcesResult: {
    method: "resources/list",
    call: (c) => c.listPage("resources/list").then((p) => p.result),
  },
  ListResourceTemplatesResult: {
    method: "resources/templates/list",
    call: (c) => c.listPage("resources/templates/list").then((p) => p.result),
  },
  InputRequiredResult: {
    method: "tools/call",
    call: (c) => c.request("tools/call", { name: "t" }),
  },
  SubscriptionsListenResult: {
    method: "subscriptions/listen",
    call: (c) => c.request("subscriptions/listen", {}),
  },
};

async function clientAnswering(method: string, result: unknown): Promise<McpClient> {
  const server = scriptedServer({ [method]: () => structuredClone(result) });
  return connect({ server: server.handler });
}

describe("result examples", () => {
  const cases: Array<[string, string, unknown]> = [];
  for (const [type] of Object.entries(RESULT_CALLS)) {
    for (const [name, result] of examples(type)) cases.push([name, type, result]);
    const responseFolder = `${type}Response`;
    if (readdirSync(EXAMPLES).includes(responseFolder)) {
      for (const [name, response] of examples(responseFolder)) {
        cases.push([name, type, (response as { result: unknown }).result]);
      }
    }
  }

  it("covers every result folder in the examples", () => {
    const folders = readdirSync(EXAMPLES).filter((f) => /Result(Response)?$/.test(f));
    const clientSide = new Set(["CreateMessageResult", "ElicitResult", "ListRootsResult"]);
    const uncovered = folders.filter(
      (f) => !clientSide.has(f) && RESULT_CALLS[f.replace(/Response$/, "")] === undefined,
    );
    expect(uncovered).toEqual([]);
    expect(cases.length).toBeGreaterThan(15);
  });

  it.each(cases)("accepts %s", async (_name, type, result) => {
    const entry = RESULT_CALLS[type]!;
    const client = await clientAnswering(entry.method, result);
    expect(await entry.call(client)).toEqual(result);
  });
});

describe("error examples", () => {
  const want: Record<string, { kind: string; codeName?: string }> = {
    HeaderMismatchError: { kind: "protocol", codeName: "HeaderMismatch" },
    InternalError: { kind: "execution", codeName: "InternalError" },
    InvalidParamsError: { kind: "protocol", codeName: "InvalidParams" },
    MethodNotFoundError: { kind: "protocol", codeName: "MethodNotFound" },
    MissingRequiredClientCapabilityError: {
      kind: "protocol",
      codeName: "MissingRequiredClientCapability",
    },
    ParseError: { kind: "jsonrpc", codeName: "ParseError" },
    UnsupportedProtocolVersionError: { kind: "protocol", codeName: "UnsupportedProtocolVersion" },
  };
  const cases = Object.keys(want).flatMap((folder) =>
    examples(folder).map(([name, body]) => [name, folder, body] as const),
  );

  it.each(cases)("maps %s", async (_name, folder, body) => {
    // Some examples are whole responses, others bare error objects.
    type ErrorObject = { code: number; message: string; data?: unknown };
    const error = (body as { error?: ErrorObject }).error ?? (body as ErrorObject);
    const server = scriptedServer({
      "tools/call": () => {
        throw new RpcError(error.code, error.message, error.data);
      },
    });
    const client = await connect({ server: server.handler });
    const caught = await client.callTool("t").then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!isMcpError(caught)) throw new Error(`expected an McpError, got ${String(caught)}`);
    expect(caught.kind).toBe(want[folder]!.kind);
    expect(caught.codeName).toBe(want[folder]!.codeName);
    expect(caught.code).toBe(error.code);
    expect(caught.serverMessage).toBe(error.message);
    expect(caught.data).toEqual(error.data);
  });
});
