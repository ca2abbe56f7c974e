/**
 * A validation error quotes what the server sent (its output's keys and values) in its message:
 * hidden characters and line breaks there are shown as escapes and long text is cut, so the
 * message a user or a log sees cannot read differently from what it holds or forge lines.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connect, defineTool, isMcpError, type McpClient } from "@mcp-codegen/runtime";
import { hiddenCharacters } from "../../../runtime/basics/hidden-characters.js";
import { scriptedServer } from "../../support/scripted-server.js";

/** A tool whose output is a closed object of one number: any other key is refused, by name. */
const closedTool = defineTool<Record<string, never>, unknown>({
  definitionJson: JSON.stringify({
    name: "closed",
    inputSchema: { type: "object" },
    outputSchema: {
      type: "object",
      properties: { n: { type: "number" } },
      additionalProperties: false,
    },
  }),
  validators: (z) => ({ input: z.looseObject({}), output: z.strictObject({ n: z.number() }) }),
});

async function answering(structuredContent: unknown): Promise<McpClient> {
  const server = scriptedServer({
    "tools/call": () => ({ resultType: "complete", content: [], structuredContent }),
  });
  return connect({ server: server.handler });
}

async function messageFor(structuredContent: unknown): Promise<string> {
  const client = await answering(structuredContent);
  const error = await closedTool.call(client, {}).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isMcpError(error) && error.kind).toBe("validation");
  return (error as Error).message;
}

describe("validation messages quote server text", () => {
  it("shows a bidi override and a line break in a key as escapes", async () => {
    const message = await messageFor({ n: 1, "a\u202eb\nerror: forged": 2 });
    expect(message).toContain("a\\u{202e}b\\nerror: forged");
    expect(message).not.toMatch(hiddenCharacters());
    expect(message).not.toContain("\n");
  });

  it("shows hidden characters in a nested path as escapes", async () => {
    const message = await messageFor({ n: "x", "\u200b": 1 });
    expect(message).not.toMatch(hiddenCharacters());
    expect(message).toContain("\\u{200b}");
  });

  it("never carries a hidden character or a line break, whatever the keys", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ unit: "binary", maxLength: 30 }), fc.jsonValue(), {
          minKeys: 1,
          maxKeys: 4,
        }),
        async (extra) => {
          const server = scriptedServer({
            "tools/call": () => ({
              resultType: "complete",
              content: [],
              structuredContent: { n: "not a number", ...extra },
            }),
          });
          const each = await connect({ server: server.handler });
          const error = await closedTool.call(each, {}).then(
            () => undefined,
            (caught: unknown) => caught,
          );
          await each.close();
          expect(isMcpError(error)).toBe(true);
          const message = (error as Error).message;
          expect(message).not.toMatch(hiddenCharacters());
          expect(message).not.toMatch(/[\n\r]/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
