// The era fixture (test/fixtures/servers/era-server.ts, on the official server SDK 2.x) over
// Streamable HTTP in each way the SDK serves it: both eras (createMcpHandler, stateless legacy),
// 2026-07-28 only (legacy: "reject"), and initialize era only, with sessions and without.
// connect() in auto mode finds the era, and the same calls get the same answers, the
// input-asking tool included (MRTR in 2026-07-28, a server request in the initialize era, which
// a stateless legacy server cannot send).
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
} from "@modelcontextprotocol/server";
import type { McpClient } from "../../runtime/client/client.js";
import { connect } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import { createEraServer, LEGACY_ONLY_VERSIONS } from "../fixtures/servers/era-server.js";
import { serveWeb, type WebHandler } from "./sdk-web-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Serving = "both" | "modern" | "legacy with sessions" | "legacy stateless";

async function handlerFor(serving: Serving): Promise<WebHandler> {
  switch (serving) {
    case "both":
    case "modern": {
      const handler = createMcpHandler(() => createEraServer(), {
        legacy: serving === "both" ? "stateless" : "reject",
      });
      return (request) => handler.fetch(request);
    }
    case "legacy with sessions": {
      const server = createEraServer(LEGACY_ONLY_VERSIONS);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
      });
      await server.connect(transport);
      cleanups.push(() => server.close());
      return (request) => transport.handleRequest(request);
    }
    case "legacy stateless":
      return async (request) => {
        const server = createEraServer(LEGACY_ONLY_VERSIONS);
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
        });
        await server.connect(transport);
        return transport.handleRequest(request);
      };
  }
}

async function open(serving: Serving): Promise<McpClient> {
  const web = await serveWeb(await handlerFor(serving));
  cleanups.push(() => web.close());
  const client = await connect(
    { url: web.url },
    { handlers: { elicitation: () => ({ action: "accept", content: { confirmed: true } }) } },
  );
  cleanups.push(() => client.close());
  return client;
}

describe("the era fixture over Streamable HTTP", () => {
  it.each([
    ["both", "modern"],
    ["modern", "modern"],
    ["legacy with sessions", "legacy"],
    ["legacy stateless", "legacy"],
  ] as const)(
    "served %s: connect finds the %s era and the same calls answer the same",
    async (serving, era) => {
      const client = await open(serving);
      expect(client.era).toBe(era);
      const sum = await client.callTool("add", { a: 2, b: 3 });
      expect(sum.structuredContent).toEqual({ sum: 5 });
      const confirm = await client.callTool("confirm", { action: "deploy" });
      if (serving === "legacy stateless") {
        // The SDK's own limit, reported as the tool's failure: a server answering each request
        // with a fresh instance has no channel to send the client a request on.
        expect(confirm.isError).toBe(true);
        expect(JSON.stringify(confirm.content)).toContain(
          "cannot receive server-to-client requests",
        );
      } else {
        expect(confirm.structuredContent).toEqual({ answer: "accept", confirmed: true });
      }
      const prompt = await client.getPrompt("brief", { topic: "eras" });
      expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Brief me on eras." });
      const word = await client.readResource("era://words/same");
      expect(word.contents[0]).toMatchObject({ text: "SAME" });
    },
  );
});
