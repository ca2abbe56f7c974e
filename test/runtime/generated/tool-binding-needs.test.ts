/**
 * A generated tool whose snapshot says it needs client capabilities (`needs` in `defineTool`):
 * called on a client without the matching handler it fails with kind `input` before anything is
 * sent (the scripted server would answer -32021, kind `protocol`, had it been sent); with the
 * handler on the client or on the call, it is sent and succeeds.
 */
import { afterEach, afterAll, beforeAll, expect, it } from "vitest";
import {
  connect,
  defineTool,
  toolFunction,
  type CallToolResult,
  type ConnectOptions,
  type McpClient,
} from "@mcp-codegen/runtime";
import { gatedServer } from "../../support/gated-server.js";
import { rejection } from "../client-helpers.js";

const sampleTool = defineTool<Record<string, never>, CallToolResult, "optional input">({
  definitionJson: JSON.stringify({ name: "sample", inputSchema: { type: "object" } }),
  needs: ["roots", "sampling"],
  validators: (z) => ({ input: z.object({}) }),
});
const sample = toolFunction(sampleTool);

const sampling = () => ({
  role: "assistant" as const,
  content: { type: "text" as const, text: "" },
  model: "m",
});
const roots = () => ({ roots: [] });

let server: Awaited<ReturnType<typeof gatedServer>>;
const clients: McpClient[] = [];

beforeAll(async () => {
  server = await gatedServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await server?.remove();
});

async function start(options: ConnectOptions = {}): Promise<McpClient> {
  const client = await connect(server.target, { protocol: "2026-07-28", ...options });
  clients.push(client);
  return client;
}

it("refuses before sending, naming the first handler missing", async () => {
  const client = await start({ handlers: { roots } });
  const error = await rejection(sample(client));
  expect(error.kind).toBe("input");
  expect(error.message).toBe(
    'tools/call "sample": this tool needs the sampling handler: pass handlers.sampling to createClient/connect (or in this call\'s options): the server offers it only to clients that declare sampling',
  );
});

it("sends the call when the client has the handlers", async () => {
  const client = await start({ handlers: { roots, sampling } });
  expect((await sample(client)).content).toEqual([{ type: "text", text: "ok" }]);
});

it("accepts the handlers given to the call itself", async () => {
  const client = await start();
  const result = await sample(client, {}, { handlers: { roots, sampling } });
  expect(result.content).toEqual([{ type: "text", text: "ok" }]);
});

it("reports the client's declared capabilities as a copy", async () => {
  const client = await start({ handlers: { sampling } });
  const declared = client.capabilities;
  expect(declared).toEqual({ sampling: {} });
  declared.roots = {};
  expect(client.capabilities).toEqual({ sampling: {} });
});
