import { describe, expect, it } from "vitest";
import type * as ErrorsModule from "../../../runtime/protocol/errors.js";
import { connect, isMcpError, McpError } from "@mcp-codegen/runtime";
import { RpcError, scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

describe("errors and results", () => {
  it.each([
    [-32700, "jsonrpc", "ParseError"],
    [-32600, "jsonrpc", "InvalidRequest"],
    [-32601, "protocol", "MethodNotFound"],
    [-32602, "protocol", "InvalidParams"],
    [-32603, "execution", "InternalError"],
    [-32020, "protocol", "HeaderMismatch"],
    [-32021, "protocol", "MissingRequiredClientCapability"],
    [-32022, "protocol", "UnsupportedProtocolVersion"],
    [-32001, "protocol", undefined],
    [42, "protocol", undefined],
  ])("maps code %i to kind %s", async (code, kind, codeName) => {
    const data = { detail: ["x"] };
    const server = scriptedServer({
      "tools/call": () => {
        throw new RpcError(code, "the server's words", data);
      },
    });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.callTool("get_weather", {}));
    expect(error).toBeInstanceOf(McpError);
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(code);
    expect(error.codeName).toBe(codeName);
    expect(error.data).toEqual(data);
    expect(error.serverMessage).toBe("the server's words");
    expect(error.method).toBe("tools/call");
    expect(error.target).toBe("get_weather");
    expect(error.message).toContain('tools/call "get_weather"');
  });

  it("returns a tool result with isError: true instead of throwing", async () => {
    const server = scriptedServer({
      "tools/call": () => ({
        resultType: "complete",
        isError: true,
        content: [{ type: "text", text: "no" }],
      }),
    });
    const client = await connect({ server: server.handler });
    const result = await client.callTool("t");
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "no" }]);
  });

  it("treats an absent resultType as complete and an unknown one as a protocol error", async () => {
    const answer: { resultType?: string } = {};
    const server = scriptedServer({
      "tools/call": () => ({ ...answer, content: [] }),
    });
    const client = await connect({ server: server.handler });
    expect((await client.callTool("t")).content).toEqual([]);
    answer.resultType = "task";
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain('"task"');
  });

  it("surfaces input_required no handler answers on tools/call and rejects it elsewhere", async () => {
    const inputRequired = {
      resultType: "input_required",
      inputRequests: { who: { method: "roots/list" } },
      requestState: "opaque",
    };
    const server = scriptedServer({
      "tools/call": () => inputRequired,
      "tools/list": () => inputRequired,
    });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("input_required");
    expect(error.data).toEqual(inputRequired);
    expect(await client.request("tools/call", { name: "t" })).toEqual(inputRequired);
    const listError = await rejection(client.listTools());
    expect(listError.kind).toBe("protocol");
  });

  it("rejects results of the wrong shape", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "complete", content: "nope" }),
      "prompts/get": () => ({ resultType: "complete" }),
      "resources/read": () => ({ resultType: "complete", contents: {} }),
      "completion/complete": () => ({ resultType: "complete", completion: {} }),
    });
    const client = await connect({ server: server.handler });
    for (const promise of [
      client.callTool("t"),
      client.getPrompt("p"),
      client.readResource("file:///x"),
      client.complete({
        ref: { type: "ref/prompt", name: "p" },
        argument: { name: "a", value: "" },
      }),
    ]) {
      const error = await rejection(promise);
      expect(error.kind).toBe("protocol");
      expect(error.message).toContain("invalid result");
    }
  });

  it("isMcpError recognises errors from another copy of the runtime", async () => {
    const url = new URL("../../../runtime/protocol/errors.ts", import.meta.url).href;
    const copy = (await import(`${url}?copy=1`)) as typeof ErrorsModule;
    expect(copy.McpError).not.toBe(McpError);
    const foreign = new copy.McpError({ kind: "timeout", message: "m" });
    expect(foreign instanceof McpError).toBe(false);
    expect(isMcpError(foreign)).toBe(true);
    expect(isMcpError(new Error("x"))).toBe(false);
    expect(isMcpError({ kind: "timeout" })).toBe(false);
  });

  it("fails every request after close", async () => {
    const server = scriptedServer({});
    const client = await connect({ server: server.handler });
    await client.close();
    const error = await rejection(client.listTools());
    expect(error.kind).toBe("closed");
    expect(error.message).toContain("closed by the client");
  });
});
