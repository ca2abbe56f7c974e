/**
 * The capabilities declared from input handlers, and the refusal of a declared kind with no
 * handler: given/want tables. Then form elicitations whose schema the spec does not allow, sent
 * by raw servers of both eras.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect, MAX_JSON_DEPTH, type McpClient } from "@mcp-codegen/runtime";
import {
  capabilitiesFor,
  type ElicitationHandler,
  type InputHandlers,
} from "../../../runtime/input/input-handlers.js";
import { ServerRequests } from "../../../runtime/input/server-requests.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import type { ClientCapabilities } from "../../../runtime/protocol/types.js";

const answer = () => ({ action: "decline" as const });

describe("capabilitiesFor", () => {
  it.each<[string, ClientCapabilities, InputHandlers, ClientCapabilities]>([
    ["nothing", {}, {}, {}],
    ["form handler", {}, { elicitation: answer }, { elicitation: { form: {} } }],
    ["url handler", {}, { elicitationUrl: answer }, { elicitation: { url: {} } }],
    [
      "both modes, manual form",
      {},
      { elicitation: "manual", elicitationUrl: answer },
      { elicitation: { form: {}, url: {} } },
    ],
    [
      "sampling keeps the declared tools",
      { sampling: { tools: {} } },
      { sampling: "manual" },
      { sampling: { tools: {} } },
    ],
    ["roots", {}, { roots: () => ({ roots: [] }) }, { roots: {} }],
    [
      "other capabilities pass",
      { extensions: { "com.example/x": {} } },
      {},
      { extensions: { "com.example/x": {} } },
    ],
  ])("%s", (_label, declared, handlers, want) => {
    expect(capabilitiesFor(declared, handlers)).toEqual(want);
  });

  it.each<[ClientCapabilities, InputHandlers, string]>([
    [{ elicitation: {} }, {}, "elicitation (form)"],
    [{ elicitation: { url: {} } }, { elicitation: answer }, "elicitation.url"],
    [{ sampling: {} }, { roots: "manual" }, "no sampling handler"],
    [{ roots: {} }, {}, "no roots handler"],
  ])("refuses %j without a handler", (declared, handlers, problem) => {
    let caught: unknown;
    try {
      capabilitiesFor(declared, handlers);
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind).toBe("input");
    expect((caught as Error).message).toContain(problem);
  });
});

/**
 * A form elicitation whose `requestedSchema` is not the spec's restricted one never reaches the
 * handler: over a raw 2026-07-28 server (test/fixtures/stdio-misbehaving/input-server.mjs) the
 * round is answered `decline`; over a raw initialize-era server (legacy-server.mjs, whose `ask`
 * tool returns the client's JSON-RPC answer) the request gets -32602 naming the problem.
 */
describe("a form elicitation the spec's restricted schema does not allow", () => {
  const INPUT_SERVER = fileURLToPath(
    new URL("../../fixtures/stdio-misbehaving/input-server.mjs", import.meta.url),
  );
  const LEGACY_SERVER = fileURLToPath(
    new URL("../../fixtures/stdio-misbehaving/legacy-server.mjs", import.meta.url),
  );
  const UNUSABLE: Array<[string, Record<string, unknown>, RegExp]> = [
    [
      'a string with format "ipv4"',
      {
        message: "Which host?",
        requestedSchema: {
          type: "object",
          properties: { host: { type: "string", format: "ipv4" } },
        },
      },
      /host.*format "ipv4".*email, uri, date, date-time/,
    ],
    ["no requestedSchema at all", { message: "Anything?" }, /requestedSchema is missing/],
  ];
  const VALID = {
    message: "Who?",
    requestedSchema: {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer", default: 7 } },
      required: ["name"],
    },
  };

  const shown: unknown[] = [];
  /** Accepts with a value for each property it knows, as a user filling the form would. */
  const elicitation: ElicitationHandler = (params) => {
    shown.push(params);
    const offered = { name: "Ada", host: "10.0.0.1" };
    const asked = Object.keys(params.requestedSchema?.properties ?? {});
    const content = Object.fromEntries(Object.entries(offered).filter(([k]) => asked.includes(k)));
    return { action: "accept", content };
  };
  let modern: McpClient;
  let legacy: McpClient;
  beforeAll(async () => {
    [modern, legacy] = await Promise.all([
      connect(
        { command: process.execPath, args: [INPUT_SERVER], stderr: "ignore" },
        { handlers: { elicitation } },
      ),
      connect(
        { command: process.execPath, args: [LEGACY_SERVER, "polite"], stderr: "ignore" },
        { handlers: { elicitation }, probeTimeout: 20_000 },
      ),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([modern.close(), legacy.close()]);
  });
  beforeEach(() => {
    shown.length = 0;
  });

  it.each(UNUSABLE)(
    "2026-07-28, %s: the round is answered decline, the handler is never called",
    async (_label, params) => {
      const result = await modern.callTool("ask", {
        request: { method: "elicitation/create", params },
      });
      expect(result.structuredContent).toEqual({
        responses: { q: { action: "decline" } },
        state: "s1",
      });
      expect(shown).toEqual([]);
    },
  );

  it.each(UNUSABLE)(
    "2025-11-25, %s: -32602 naming the problem, the handler is never called",
    async (_label, params, problem) => {
      const result = await legacy.callTool("ask", { method: "elicitation/create", params });
      const { answer } = result.structuredContent as {
        answer: { result?: unknown; error?: { code: number; message: string } };
      };
      expect(answer.result).toBeUndefined();
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toMatch(problem);
      expect(answer.error?.message).not.toMatch(/TypeError/);
      expect(shown).toEqual([]);
    },
  );

  it("2025-11-25, params nested past MAX_JSON_DEPTH: -32602 naming the bound", async () => {
    // Our own client cannot send such params to the fixture (its JSON.stringify overflows), so
    // the request goes straight to what answers server requests.
    let deep: unknown = "bottom";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const params = { ...VALID, requestedSchema: { ...VALID.requestedSchema, deep } };
    const requests = new ServerRequests({ elicitation }, "test");
    const answer = await requests.answer({
      jsonrpc: "2.0",
      id: 7,
      method: "elicitation/create",
      params,
    });
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: {
        code: -32602,
        message: `the params are nested more than ${MAX_JSON_DEPTH} levels deep (the client's bound on nesting)`,
      },
    });
    expect(shown).toEqual([]);
  });

  it("a valid form still reaches the handler in both eras, its defaults filled in", async () => {
    const accepted = { action: "accept", content: { name: "Ada", age: 7 } };
    const modernResult = await modern.callTool("ask", {
      request: { method: "elicitation/create", params: VALID },
    });
    expect(modernResult.structuredContent).toEqual({ responses: { q: accepted }, state: "s1" });
    const legacyResult = await legacy.callTool("ask", {
      method: "elicitation/create",
      params: VALID,
    });
    expect(legacyResult.structuredContent).toMatchObject({ answer: { result: accepted } });
    expect(shown).toEqual([VALID, VALID]);
  });
});
