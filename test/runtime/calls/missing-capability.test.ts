/**
 * A tool call the server answers -32021 (MissingRequiredClientCapability): the error keeps the
 * server's kind, code and data, and its message names the handler to pass for each capability
 * `data.requiredCapabilities` lists. Against the scripted 2026-07-28 server as a child process.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { connect, ErrorCode, type McpClient } from "@mcp-codegen/runtime";
import { gatedServer } from "../../support/gated-server.js";
import { rejection } from "../client-helpers.js";

let server: Awaited<ReturnType<typeof gatedServer>>;
let client: McpClient;

beforeAll(async () => {
  server = await gatedServer();
  client = await connect(server.target, { protocol: "2026-07-28" });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.remove();
});

it("names the handlers a -32021 asks for, keeping the server's code and data", async () => {
  const error = await rejection(client.callTool("sample", {}));
  expect(error).toMatchObject({
    kind: "protocol",
    code: ErrorCode.MissingRequiredClientCapability,
    data: { requiredCapabilities: { sampling: {}, roots: {} } },
    serverMessage: "missing capability",
  });
  expect(error.message).toContain("the roots handler: pass handlers.roots");
  expect(error.message).toContain("the sampling handler: pass handlers.sampling");
});

it("names URL mode's own handler, not the form handler, for elicitation.url", async () => {
  const error = await rejection(client.callTool("ask", {}));
  expect(error.message).toContain("the elicitationUrl handler: pass handlers.elicitationUrl");
  expect(error.message).not.toContain("handlers.elicitation ");
});

it("succeeds once the call declares them through its own handlers", async () => {
  const result = await client.callTool(
    "sample",
    {},
    {
      handlers: {
        sampling: () => ({ role: "assistant", content: { type: "text", text: "" }, model: "m" }),
        roots: () => ({ roots: [] }),
      },
    },
  );
  expect(result.content).toEqual([{ type: "text", text: "ok" }]);
});
