/**
 * The result cache and results nested past the depth bound, from a raw stdio server that writes
 * them as text: a protocol error naming the bound before the cache or anything else walks them,
 * whatever the request and cache mode; at the bound, every walk works.
 */
import fc from "fast-check";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, isMcpError, MAX_JSON_DEPTH, shapeForModel } from "@mcp-codegen/runtime";
import type { CacheMode, McpClient } from "@mcp-codegen/runtime";
import { rejection } from "../client-helpers.js";

/**
 * Results nested deeper than MAX_JSON_DEPTH, from a raw stdio server that writes them as text
 * (test/fixtures/stdio-misbehaving/deep-server.mjs): a protocol error naming the bound, before
 * the cache or anything else walks them; at the bound, every walk works. Never a RangeError.
 */
describe("result cache: results nested past the depth bound", () => {
  const DEEP_SERVER = fileURLToPath(
    new URL("../../fixtures/stdio-misbehaving/deep-server.mjs", import.meta.url),
  );
  type Shape = "array" | "object" | "mixed";
  let client: McpClient;
  beforeAll(async () => {
    client = await connect({ command: process.execPath, args: [DEEP_SERVER], stderr: "ignore" });
  });
  afterAll(() => client.close());
  const configure = (depth: number, shape: Shape, extra: Record<string, unknown> = {}) =>
    client.callTool("configure", { depth, shape, ttlMs: 60_000, asError: false, ...extra });

  it("a cacheable tools/list nested 100,000 levels deep is a protocol error naming the bound", async () => {
    await configure(100_000, "array");
    const error = await rejection(client.listTools());
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe(
      `tools/list: invalid result from the server: nested more than ${MAX_JSON_DEPTH} levels deep (the client's bound on nesting)`,
    );
  });

  it("so is an error response whose data is nested past the bound", async () => {
    await configure(100_000, "object", { asError: true });
    const error = await rejection(client.callTool("anything", {}));
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe(
      `tools/call "anything": invalid error response from the server (code -32000): error data nested more than ${MAX_JSON_DEPTH} levels deep (the client's bound on nesting)`,
    );
  });

  /** Each cacheable request, and a tool call, as the client makes them. */
  const REQUESTS: Record<string, (mode: CacheMode) => Promise<unknown>> = {
    listTools: (cache) => client.listTools({ cache }),
    listPrompts: (cache) => client.listPrompts({ cache }),
    listResources: (cache) => client.listResources({ cache }),
    listResourceTemplates: (cache) => client.listResourceTemplates({ cache }),
    listPage: (cache) => client.listPage("tools/list", { cache }),
    readResource: (cache) => client.readResource("file:///r", { cache }),
    callTool: async () => {
      const result = await client.callTool("deep", {});
      // What a caller does next with a result: shape it for a model.
      shapeForModel(result);
      return result;
    },
  };

  it("any depth around the bound, any shape, any request: complete or a protocol error, never a RangeError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: MAX_JSON_DEPTH - 3, max: MAX_JSON_DEPTH + 3 }),
          fc.constantFrom(5, 100_000),
        ),
        fc.constantFrom<Shape>("array", "object", "mixed"),
        fc.constantFrom(...Object.keys(REQUESTS)),
        fc.constantFrom<CacheMode>("refresh", "use", "bypass"),
        async (depth, shape, request, mode) => {
          await configure(depth, shape);
          const send = REQUESTS[request]!;
          // `refresh` first, so a result cached by an earlier run is never what is checked.
          const outcome = await send("refresh").then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if (depth > MAX_JSON_DEPTH) {
            expect("error" in outcome && isMcpError(outcome.error) && outcome.error.kind).toBe(
              "protocol",
            );
            expect(String((outcome as { error: Error }).error.message)).toContain(
              `nested more than ${MAX_JSON_DEPTH} levels deep`,
            );
            return;
          }
          expect(outcome).toHaveProperty("value");
          const value = (outcome as { value: unknown }).value;
          // The caller's own walks, and the cache handing out its copy.
          expect(structuredClone(value)).toEqual(value);
          expect(JSON.parse(JSON.stringify(value))).toEqual(value);
          expect(await send(mode)).toEqual(value);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
