/**
 * The tool call forms (runtime/generated/tool-call-forms.ts) are types only: one function serves every
 * form. These pin what the types promise of it: an input left out is sent as `{}`, the standalone
 * function and the bound member send the same request, and options reach the call unchanged.
 */
import { describe, expect, it } from "vitest";
import {
  connect,
  defineTool,
  toolFunction,
  type CallToolResult,
  type MaybeInputRequired,
} from "@mcp-codegen/runtime";
import { scriptedServer } from "../../support/scripted-server.js";

const spec = {
  definitionJson: JSON.stringify({
    name: "lookup",
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
  }),
  validators: (z: Parameters<Parameters<typeof defineTool>[0]["validators"]>[0]) => ({
    input: z.strictObject({ city: z.string().optional() }),
  }),
};

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const proves = <T extends true>(): T | undefined => undefined;

async function fixture() {
  const server = scriptedServer({
    "tools/call": () => ({ resultType: "complete", content: [{ type: "text", text: "ok" }] }),
  });
  const client = await connect({ server: server.handler });
  const calls = () =>
    server.requests
      .filter((request) => request.method === "tools/call")
      .map((request) => {
        const { _meta: _ignored, ...params } = request.params as Record<string, unknown>;
        return params;
      });
  return { client, calls };
}

describe("tool call forms", () => {
  it("send an input left out as {}, from the function and from the bound member", async () => {
    const { client, calls } = await fixture();
    const binding = defineTool<{ city?: string }, CallToolResult, "optional input">(spec);
    const lookup = toolFunction(binding);
    const member = binding.bindTo(client);
    await lookup(client);
    await member();
    await member({ city: "Oslo" });
    expect(calls()).toEqual([
      { name: "lookup", arguments: {} },
      { name: "lookup", arguments: {} },
      { name: "lookup", arguments: { city: "Oslo" } },
    ]);
    await client.close();
  });

  it("pass options through: validation rejects a bad input before anything is sent", async () => {
    const { client, calls } = await fixture();
    const binding = defineTool<{ city?: string }, CallToolResult, "input">(spec);
    const bad = { city: 7 } as unknown as { city?: string };
    await expect(binding.bindTo(client)(bad, { validateInput: true })).rejects.toMatchObject({
      kind: "input",
    });
    await expect(toolFunction(binding)(client, bad, { validateInput: true })).rejects.toMatchObject(
      { kind: "input" },
    );
    expect(calls()).toEqual([]);
    await client.close();
  });

  it("type each form's results by its options", async () => {
    const { client } = await fixture();
    const plain = defineTool<{ city?: string }, CallToolResult, "input">(spec).bindTo(client);
    const complete = await plain({});
    const manual = await plain({}, { manual: true });
    proves<Equal<typeof complete, CallToolResult>>();
    proves<Equal<typeof manual, MaybeInputRequired<CallToolResult>>>();
    // @ts-expect-error -- the "input" form requires the input
    await plain();
    // @ts-expect-error -- a form without tasks has no task option
    await plain({}, { task: "return" });
    const tasks = defineTool<{ city?: string }, CallToolResult, "task, optional input">(spec);
    await tasks.bindTo(client)(undefined, { task: "await" });
    expect(complete.content).toEqual([{ type: "text", text: "ok" }]);
    expect(manual).toEqual(complete);
    await client.close();
  });
});
