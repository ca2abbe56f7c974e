/**
 * Malformed results from a server: each is one precise `McpError` (kind `protocol`, naming the
 * field), never a `TypeError` from output validation or from the caller's code reading it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z as zod, ZodType } from "zod";
import {
  connect,
  defineTool,
  isMcpError,
  MAX_JSON_DEPTH,
  type McpClient,
} from "@mcp-codegen/runtime";
import { scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

/** A tool binding as generated code builds it: an output schema, so output is validated. */
const countTool = defineTool<Record<string, never>, unknown>({
  definitionJson: JSON.stringify({
    name: "count",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  }),
  validators: (z) => ({ input: z.looseObject({}), output: z.looseObject({ n: z.number() }) }),
});

async function clientAnswering(answer: () => unknown): Promise<McpClient> {
  const server = scriptedServer({
    "tools/call": answer,
    "prompts/get": answer,
    "resources/read": answer,
  });
  return connect({ server: server.handler });
}

describe("malformed tools/call results", () => {
  const table: Array<{ given: Record<string, unknown>; want: string }> = [
    { given: { content: [null] }, want: "content[0] is null, not a content block" },
    { given: { content: [{ type: "text", text: "{}" }, 7] }, want: "content[1] is a number" },
    { given: { content: [{ text: "x" }] }, want: "content[0] is an object, not a content block" },
    { given: { content: [{ type: "text" }] }, want: "content[0].text is missing, not a string" },
    { given: { content: [{ type: "text", text: null }] }, want: "content[0].text is null" },
    { given: { content: [{ type: "image", data: "AA==" }] }, want: "content[0].mimeType" },
    {
      given: { content: [{ type: "resource", resource: null }] },
      want: "content[0].resource is null",
    },
    {
      given: { content: [{ type: "resource", resource: { uri: "x:" } }] },
      want: "content[0].resource has neither a string text nor a string blob",
    },
    { given: { content: "nope" }, want: "content is a string, not an array" },
    { given: { content: null }, want: "content is null, not an array" },
    { given: { content: [], isError: "yes" }, want: "isError is a string, not a boolean" },
  ];
  for (const { given, want } of table) {
    it(`${JSON.stringify(given)} → ${want}`, async () => {
      const client = await clientAnswering(() => ({ resultType: "complete", ...given }));
      for (const call of [() => client.callTool("count"), () => countTool.call(client, {})]) {
        const error = await rejection(call());
        expect(error.kind).toBe("protocol");
        expect(error.message).toContain(
          `tools/call "count": invalid result from the server: ${want}`,
        );
      }
      await client.close();
    });
  }

  it("keeps unknown block types from newer servers", async () => {
    const block = { type: "hologram", frames: 3 };
    const client = await clientAnswering(() => ({ content: [block], structuredContent: { n: 1 } }));
    expect((await countTool.call(client, {})) as unknown).toMatchObject({ content: [block] });
    await client.close();
  });
});

describe("malformed prompts/get and resources/read results", () => {
  const table: Array<{
    given: Record<string, unknown>;
    call: "prompt" | "resource";
    want: string;
  }> = [
    {
      call: "prompt",
      given: { messages: [null] },
      want: "messages[0] is null, not a prompt message",
    },
    {
      call: "prompt",
      given: { messages: [{ role: "system", content: { type: "text", text: "" } }] },
      want: 'messages[0].role is not "user" or "assistant"',
    },
    {
      call: "prompt",
      given: { messages: [{ role: "user", content: null }] },
      want: "messages[0].content is null",
    },
    {
      call: "resource",
      given: { contents: [null] },
      want: "contents[0] is null, not resource contents",
    },
    {
      call: "resource",
      given: { contents: [{ text: "x" }] },
      want: "contents[0].uri is missing",
    },
    {
      call: "resource",
      given: { contents: [{ uri: "x:", blob: 5 }] },
      want: "contents[0] has neither",
    },
  ];
  for (const { given, call, want } of table) {
    it(`${call} ${JSON.stringify(given)} → ${want}`, async () => {
      const client = await clientAnswering(() => given);
      const error = await rejection(
        call === "prompt" ? client.getPrompt("p") : client.readResource("x:"),
      );
      expect(error.kind).toBe("protocol");
      expect(error.message).toContain(`invalid result from the server: ${want}`);
      await client.close();
    });
  }
});

describe("any result a server can send", () => {
  /** Results near the real shape: mostly well-formed blocks, with junk mixed in. */
  const block = fc.oneof(
    fc.record({ type: fc.constant("text"), text: fc.oneof(fc.string(), fc.jsonValue()) }),
    fc.record({ type: fc.constantFrom("image", "audio", "resource", "resource_link") }),
    fc.dictionary(fc.string(), fc.jsonValue()),
    fc.jsonValue(),
  );
  const result = fc.record(
    {
      content: fc.oneof(fc.array(block, { maxLength: 4 }), fc.jsonValue()),
      structuredContent: fc.jsonValue(),
      isError: fc.oneof(fc.boolean(), fc.jsonValue()),
      messages: fc.oneof(
        fc.array(fc.record({ role: fc.constantFrom("user", "x"), content: block })),
        fc.jsonValue(),
      ),
      contents: fc.oneof(
        fc.array(fc.dictionary(fc.constantFrom("uri", "text", "blob"), fc.jsonValue())),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  );

  it("either reads as its declared shape or fails as an McpError", async () => {
    let answer: unknown;
    const client = await clientAnswering(() => answer);
    await fc.assert(
      fc.asyncProperty(result, async (value) => {
        answer = value;
        const calls: Array<[string, () => Promise<unknown>]> = [
          ["content", () => countTool.call(client, {})],
          ["messages", () => client.getPrompt("p")],
          ["contents", () => client.readResource("x:")],
        ];
        for (const [field, call] of calls) {
          try {
            const read = (await call()) as Record<string, unknown>;
            // What came back is safe to read field by field.
            const list = read[field] as unknown[];
            expect(Array.isArray(list)).toBe(true);
            for (const item of list) expect(typeof item === "object" && item !== null).toBe(true);
          } catch (error) {
            if (!isMcpError(error)) throw error;
            expect(["protocol", "validation"]).toContain(error.kind);
          }
        }
      }),
      { numRuns: 300 },
    );
    await client.close();
  });
});

describe("structuredContent nested deeper than the stack would allow", () => {
  type Tree = { child?: Tree | undefined };
  /** A generated binding whose output schema is recursive, as a tree-shaped tool's is. */
  const treeTool = defineTool<Record<string, never>, unknown>({
    definitionJson: JSON.stringify({
      name: "tree",
      inputSchema: { type: "object" },
      outputSchema: { type: "object", properties: { child: { $ref: "#" } } },
    }),
    validators: (z) => {
      const real = z as unknown as typeof zod;
      const tree: ZodType<Tree> = real.lazy(() => real.object({ child: tree.optional() }));
      return { input: z.looseObject({}), output: tree as never };
    },
  });

  /** A tree `wraps` levels below an empty object: `{ child: { child: … {} } }`. */
  function tree(wraps: number): Tree {
    let deep: Tree = {};
    for (let i = 0; i < wraps; i++) deep = { child: deep };
    return deep;
  }

  it("refuses one past MAX_JSON_DEPTH as it arrives: kind protocol, not a RangeError", async () => {
    const client = await clientAnswering(() => ({ content: [], structuredContent: tree(100_000) }));
    const error = await rejection(treeTool.call(client, {}));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
    await client.close();
  });

  it("validates one at MAX_JSON_DEPTH (result > structuredContent > the tree)", async () => {
    const client = await clientAnswering(() => ({
      content: [],
      structuredContent: tree(MAX_JSON_DEPTH - 2),
    }));
    const result = (await treeTool.call(client, {})) as { structuredContent: unknown };
    expect(result.structuredContent).toEqual(tree(MAX_JSON_DEPTH - 2));
    await client.close();
  });
});
