/**
 * One error model: every failure is an `McpError` whose `kind` discriminates typed `data`.
 * Type tests (checked by `tsc`, through the project's typecheck) prove that each kind narrows
 * `data` and that a `switch (error.kind)` without a case fails to compile. Runtime tests make
 * each kind happen for real, through in-process scripted servers (HTTP statuses:
 * error-kinds-http.test.ts), and read its `data` through that switch (error-next-step.ts):
 * malformed results, a `null` content block and a failing handler each end as a kind, never as a
 * bare `TypeError`.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  connect,
  defineTool,
  isMcpError,
  McpError,
  type AnyMcpError,
  type CancelledTask,
  type ContractChangedData,
  type DeniedErrorData,
  type HookErrorData,
  type NotFoundErrorData,
  type HttpAuthErrorData,
  type InputRequiredResult,
  type JsonRpcResponse,
  type McpErrorDataByKind,
  type McpErrorKind,
  type SchemaIssue,
  type TimeoutErrorData,
  type TransportErrorData,
  type TaskTimeoutData,
  type ConnectTimeoutData,
  type ValidationErrorData,
} from "@mcp-codegen/runtime";
import { RpcError, scriptedServer, type MethodHandler } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";
import { nextStep } from "./error-next-step.js";

/** Leaves out `auth`: the `never` assignment must not compile. */
function forgetsAuth(error: AnyMcpError): string {
  switch (error.kind) {
    case "jsonrpc":
    case "protocol":
    case "execution":
    case "transport":
    case "timeout":
    case "cancelled":
    case "input":
    case "input_required":
    case "validation":
    case "not_found":
    case "denied":
    case "hook":
    case "contract_changed":
    case "closed":
      return error.kind;
    default: {
      // @ts-expect-error -- `auth` is not handled, so `error` is McpError<"auth">, not never.
      const unhandled: never = error;
      return unhandled;
    }
  }
}

describe("McpError types", () => {
  it("narrows data by kind", () => {
    type DataOf<K extends McpErrorKind> = Extract<AnyMcpError, { kind: K }>["data"];
    expectTypeOf<DataOf<"jsonrpc">>().toBeUnknown();
    expectTypeOf<DataOf<"protocol">>().toBeUnknown();
    expectTypeOf<DataOf<"execution">>().toBeUnknown();
    expectTypeOf<DataOf<"transport">>().toEqualTypeOf<TransportErrorData | undefined>();
    expectTypeOf<DataOf<"timeout">>().toEqualTypeOf<
      TimeoutErrorData | TaskTimeoutData | ConnectTimeoutData | undefined
    >();
    expectTypeOf<DataOf<"cancelled">>().toEqualTypeOf<CancelledTask | undefined>();
    expectTypeOf<DataOf<"input">>().toEqualTypeOf<readonly SchemaIssue[] | undefined>();
    expectTypeOf<DataOf<"input_required">>().toEqualTypeOf<InputRequiredResult>();
    expectTypeOf<DataOf<"auth">>().toEqualTypeOf<HttpAuthErrorData>();
    expectTypeOf<DataOf<"validation">>().toEqualTypeOf<ValidationErrorData | undefined>();
    expectTypeOf<DataOf<"not_found">>().toEqualTypeOf<NotFoundErrorData>();
    expectTypeOf<DataOf<"denied">>().toEqualTypeOf<DeniedErrorData>();
    expectTypeOf<DataOf<"hook">>().toEqualTypeOf<HookErrorData>();
    expectTypeOf<DataOf<"contract_changed">>().toEqualTypeOf<ContractChangedData>();
    expectTypeOf<McpError<"auth">["data"]>().toEqualTypeOf<McpErrorDataByKind["auth"]>();
    // The union has one member per kind.
    expectTypeOf<AnyMcpError["kind"]>().toEqualTypeOf<McpErrorKind>();
  });

  it("narrows through isMcpError, and McpError<K> is still one class", () => {
    const error: unknown = new McpError({ kind: "timeout", message: "late" });
    if (isMcpError(error)) {
      expectTypeOf(error).toEqualTypeOf<AnyMcpError>();
      if (error.kind === "auth") expectTypeOf(error.data.status).toBeNumber();
    }
    expect(error).toBeInstanceOf(McpError);
    expect(isMcpError(error) && nextStep(error)).toBe("gave up (undefined)");
  });

  it("requires data for the kinds that always carry it", () => {
    // @ts-expect-error -- an input_required error always carries the server's result.
    const missing = new McpError({ kind: "input_required", message: "no data" });
    // @ts-expect-error -- an auth error's data is the challenge, not a string.
    const wrong = new McpError({ kind: "auth", message: "m", data: "401" });
    expect([missing.data, wrong.data]).toEqual([undefined, "401"]);
    expect(forgetsAuth(new McpError({ kind: "input", message: "bad" }))).toBe("input");
  });
});

function clientFor(
  methods: Record<string, MethodHandler>,
  options?: Parameters<typeof connect>[1],
) {
  return connect({ server: scriptedServer(methods).handler }, options);
}

const countTool = defineTool<{ n: number }, { n: number }>({
  definitionJson: JSON.stringify({
    name: "count",
    inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
    outputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  }),
  validators: (z) => ({
    input: z.looseObject({ n: z.number() }),
    output: z.looseObject({ n: z.number() }),
  }),
});

describe("server errors keep code, message and data untouched", () => {
  it.each([
    [-32700, "jsonrpc"],
    [-32600, "jsonrpc"],
    [-32602, "protocol"],
    [-32099, "protocol"],
    [-32603, "execution"],
  ] as const)("%i → %s", async (code, kind) => {
    const data = { detail: [1, "two", null] };
    const client = await clientFor({
      "tools/call": () => {
        throw new RpcError(code, "the server's words", data);
      },
    });
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe(kind);
    expect(error).toMatchObject({ code, serverMessage: "the server's words", data });
    expect(nextStep(error)).toBe(`server said ${code}: ${JSON.stringify(data)}`);
  });
});

describe("malformed results and failing handlers map to a kind, never a TypeError", () => {
  const notObjects: Array<[string, unknown, string]> = [
    ["a null result", null, "the result is null, not an object"],
    ["a string result", "done", "the result is a string, not an object"],
    ["an array result", [{ type: "text", text: "x" }], "the result is an array, not an object"],
    ["no result at all", undefined, "the result is missing, not an object"],
  ];
  it.each(notObjects)("%s is kind protocol on every method", async (_label, result, want) => {
    const answer = () => result;
    const client = await clientFor({
      "tools/call": answer,
      "prompts/get": answer,
      "resources/read": answer,
      "tools/list": answer,
    });
    const calls: Array<() => Promise<unknown>> = [
      () => client.callTool("t"),
      () => client.getPrompt("p"),
      () => client.readResource("x:/r"),
      () => client.listTools(),
      () => client.request("tools/call", { name: "t" }),
    ];
    for (const call of calls) {
      const error = await rejection(call());
      expect(error.kind).toBe("protocol");
      expect(error.message).toContain(`invalid result from the server: ${want}`);
      expect(error.data).toEqual(result);
    }
  });

  const badFields: Array<[string, "callTool" | "getPrompt" | "readResource", unknown, string]> = [
    ["a null content block", "callTool", { content: [null] }, "content[0] is null"],
    ["a null prompt message", "getPrompt", { messages: [null] }, "messages[0] is null"],
    [
      "a null block in a prompt message",
      "getPrompt",
      { messages: [{ role: "user", content: null }] },
      "messages[0].content is null, not a content block",
    ],
    ["null contents", "readResource", { contents: null }, "contents is null, not an array"],
  ];
  it.each(badFields)("%s (%s) is kind protocol, the result in data", async (...row) => {
    const [, method, result, want] = row;
    const answer = () => result;
    const client = await clientFor({
      "tools/call": answer,
      "prompts/get": answer,
      "resources/read": answer,
    });
    const call = {
      callTool: () => client.callTool("t"),
      getPrompt: () => client.getPrompt("p"),
      readResource: () => client.readResource("x:/r"),
    }[method];
    const error = await rejection(call());
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain(`invalid result from the server: ${want}`);
    expect(error.data).toEqual(result);
  });

  it.each([null, "boom", { message: "no code" }, { code: 1.5, message: "not an integer" }])(
    "an error response with error %j is kind protocol, the error in data",
    async (bad) => {
      const scripted = scriptedServer({});
      const client = await connect({
        server: (message, context) =>
          "id" in message && message.method === "tools/call"
            ? ({ jsonrpc: "2.0", id: message.id, error: bad } as unknown as JsonRpcResponse)
            : scripted.handler(message, context),
      });
      const error = await rejection(client.callTool("t"));
      expect(error.kind).toBe("protocol");
      expect(error.message).toContain("invalid error response from the server");
      expect(error.data).toEqual(bad);
    },
  );

  it("a server handler that throws is kind transport, its error the cause", async () => {
    const bug = new TypeError("Cannot read properties of null (reading 'x')");
    const client = await clientFor({
      "tools/call": () => {
        throw bug;
      },
    });
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("transport");
    expect(error.cause).toBe(bug);
    expect(error.data).toBeUndefined();
    expect(error.message).toContain("the in-process handler threw");
  });

  it("an input handler that throws is kind input_required, the server's request in data", async () => {
    const asked = {
      resultType: "input_required",
      inputRequests: {
        who: {
          method: "elicitation/create",
          params: {
            mode: "form",
            message: "Who are you?",
            requestedSchema: { type: "object", properties: { name: { type: "string" } } },
          },
        },
      },
      requestState: "round-1",
    };
    const client = await clientFor(
      { "tools/call": () => asked },
      {
        handlers: {
          elicitation: () => {
            throw new TypeError("the dialog crashed");
          },
        },
      },
    );
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("input_required");
    if (error.kind !== "input_required") return;
    expect(error.data).toEqual(asked);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(nextStep(error)).toBe("answer who");
  });

  it("an input request no handler can answer is input_required, not input", async () => {
    const asked = {
      resultType: "input_required",
      inputRequests: { where: { method: "roots/list" } },
    };
    const client = await clientFor({ "tools/call": () => asked });
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("input_required");
    expect(error.data).toEqual(asked);
  });
});

describe("local errors", () => {
  it("arguments that fail the input schema are kind input, with the issues", async () => {
    const client = await clientFor({ "tools/call": () => ({ content: [] }) });
    const error = await rejection(
      countTool.call(client, { n: "three" as unknown as number }, { validateInput: true }),
    );
    expect(error.kind).toBe("input");
    if (error.kind !== "input") return;
    expect(error.data?.map((issue) => issue.path)).toEqual([["n"]]);
    expect(nextStep(error)).toBe("fix n");
  });

  it("structuredContent that fails the output schema is kind validation, with the result", async () => {
    const result = { content: [], structuredContent: { n: "three" } };
    const client = await clientFor({ "tools/call": () => result });
    const error = await rejection(countTool.call(client, { n: 3 }));
    expect(error.kind).toBe("validation");
    if (error.kind !== "validation") return;
    expect(error.data?.result).toEqual(result);
    expect(error.data?.issues[0]?.path).toEqual(["n"]);
  });

  it("a request without an answer in time is kind timeout, without data", async () => {
    const client = await clientFor({ "tools/call": () => new Promise(() => undefined) });
    const error = await rejection(client.callTool("t", {}, { timeout: 20 }));
    expect(error.kind).toBe("timeout");
    expect(error.data).toBeUndefined();
  });

  it("a request the caller aborts is kind cancelled, without data", async () => {
    const client = await clientFor({ "tools/call": () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = rejection(client.callTool("t", {}, { signal: controller.signal }));
    controller.abort(new Error("user pressed stop"));
    const error = await pending;
    expect(error.kind).toBe("cancelled");
    expect(error.data).toBeUndefined();
  });
});
