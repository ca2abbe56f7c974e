/**
 * The mock server (runtime/testing/mock-server.ts) through the real client and the real in-process
 * transport: the 2026-07-28 round trips a generated client makes, output validation against the
 * tool's schema, unhandled calls, and the record of calls. Bindings are the example's generated
 * ones, so the mock is checked against the same contract application code is typed by.
 */
import { describe, expect, it } from "vitest";
import {
  connect,
  createMockServer,
  isMcpError,
  McpError,
  type McpClient,
  type MockHandlers,
} from "@mcp-codegen/runtime";
import { convertCurrencyTool } from "../../../examples/trip-planner/tools/convert-currency.js";
import { getWeatherTool } from "../../../examples/trip-planner/tools/get-weather.js";
import { packingListPrompt } from "../../../examples/trip-planner/prompts/packing-list.js";
import { aboutResource } from "../../../examples/trip-planner/resources/about.js";
import { cityGuideTemplate } from "../../../examples/trip-planner/resources/city-guide.js";

const definitions = {
  tools: { convertCurrency: convertCurrencyTool, getWeather: getWeatherTool },
  prompts: { packingList: packingListPrompt },
  resources: { about: aboutResource, cityGuide: cityGuideTemplate },
};

async function mockWith(handlers: MockHandlers<typeof definitions>) {
  const mock = createMockServer(definitions, handlers);
  const client = await connect({ server: mock.handler });
  return { mock, client };
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

const converted = { from: "EUR", to: "JPY", amount: 100, converted: 16000, rate: 160 } as const;

describe("the mock server", () => {
  it("answers server/discover and the lists from the definitions", async () => {
    const { client } = await mockWith({});
    expect(client.server?.protocolVersion).toBe("2026-07-28");
    expect((await client.listTools()).map((tool) => tool.name)).toEqual([
      "convert_currency",
      "get_weather",
    ]);
    expect((await client.listPrompts()).map((prompt) => prompt.name)).toEqual(["packing_list"]);
    expect((await client.listResources()).map((resource) => resource.uri)).toEqual([
      "demo://about",
    ]);
    expect((await client.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual([
      "demo://cities/{city}/guide{?lang}",
    ]);
    await client.close();
  });

  it("calls a tool's handler with the typed input and returns its output as structuredContent", async () => {
    const { client, mock } = await mockWith({
      tools: { convertCurrency: (input) => ({ ...converted, amount: input.amount }) },
    });
    const result = await convertCurrencyTool.bindTo(client)({
      amount: 100,
      from: "EUR",
      to: "JPY",
    });
    expect(result).toMatchObject({ structuredContent: converted });
    expect(result.content).toEqual([{ type: "text", text: JSON.stringify(converted) }]);
    expect(mock.callsTo("convertCurrency")).toEqual([
      {
        kind: "tool",
        tool: "convertCurrency",
        name: "convert_currency",
        input: { amount: 100, from: "EUR", to: "JPY" },
        result: { content: result.content, structuredContent: converted },
      },
    ]);
    await client.close();
  });

  it("passes a whole result through: a tool failure, and a tool without an output schema", async () => {
    const { client } = await mockWith({
      tools: {
        convertCurrency: () => ({ isError: true, content: [{ type: "text", text: "no rate" }] }),
        getWeather: (input) => `${input.city}: sunny`,
      },
    });
    const failed = await convertCurrencyTool.bindTo(client)({ amount: 1, from: "EUR", to: "USD" });
    expect(failed).toMatchObject({ isError: true, content: [{ type: "text", text: "no rate" }] });
    const weather = await getWeatherTool.bindTo(client)({ city: "Oslo" });
    expect(weather.content).toEqual([{ type: "text", text: "Oslo: sunny" }]);
    await client.close();
  });

  it("rejects output that drifts from the tool's output schema, naming the tool and the path", async () => {
    const { client, mock } = await mockWith({
      // The compiler is told otherwise, as a hand-written mock that drifted would do.
      tools: { convertCurrency: () => ({ ...converted, rate: -1 }) },
    });
    const error = await rejection(
      convertCurrencyTool.bindTo(client)({ amount: 1, from: "EUR", to: "USD" }),
    );
    expect(error.kind).toBe("execution");
    expect(error.serverMessage).toMatch(
      /^the mock's handler for tool "convert_currency" returned output that does not match the tool's output schema: rate: .*; fix tools\.convertCurrency/,
    );
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]).toMatchObject({ tool: "convertCurrency", error: error.serverMessage });
    await client.close();
  });

  it("fails an unhandled call with an McpError that says which handler to pass", async () => {
    const { client } = await mockWith({});
    const error = await rejection(
      convertCurrencyTool.bindTo(client)({ amount: 1, from: "EUR", to: "USD" }),
    );
    expect(error.message).toBe(
      'tools/call "convert_currency": server answered InternalError (-32603): the mock has no handler for tool "convert_currency"; pass tools.convertCurrency to the mock',
    );
    const prompt = await rejection(client.getPrompt("packing_list", { destination: "Kyoto" }));
    expect(prompt.serverMessage).toBe(
      'the mock has no handler for prompt "packing_list"; pass prompts.packingList to the mock',
    );
    await client.close();
  });

  it("rejects arguments the input schema rejects, as the real server would", async () => {
    const { client, mock } = await mockWith({ tools: { convertCurrency: () => converted } });
    const error = await rejection(
      client.callTool("convert_currency", { amount: -5, from: "EUR", to: "USD" }),
    );
    expect(error.code).toBe(-32602);
    expect(error.serverMessage).toMatch(/^arguments of tool "convert_currency" .*amount: /);
    expect(mock.calls[0]).toMatchObject({ input: { amount: -5 } });
    const unknownTool = await rejection(client.callTool("no_such_tool", {}));
    expect(unknownTool.code).toBe(-32602);
    await client.close();
  });

  it("forwards an McpError a handler throws as the server's error, and reports other throws", async () => {
    const { client } = await mockWith({
      tools: {
        convertCurrency: () => {
          throw new McpError({ kind: "protocol", code: -32602, message: "rate unknown" });
        },
        getWeather: () => {
          throw new Error("boom");
        },
      },
    });
    const forwarded = await rejection(client.callTool("convert_currency", converted));
    expect([forwarded.code, forwarded.serverMessage]).toEqual([-32602, "rate unknown"]);
    const thrown = await rejection(client.callTool("get_weather", { city: "Oslo" }));
    expect(thrown.serverMessage).toBe(`the mock's handler for tool "get_weather" threw: boom`);
    await client.close();
  });

  it("serves prompts and resources, static and templated, and records them", async () => {
    const { client, mock } = await mockWith({
      prompts: {
        packingList: (args) => ({
          messages: [
            { role: "user", content: { type: "text", text: `Pack for ${args.destination}` } },
          ],
        }),
      },
      resources: {
        about: () => "A demo.",
        cityGuide: (uri) => ({ contents: [{ uri, text: `# ${uri}` }] }),
      },
    });
    const prompt = await client.getPrompt("packing_list", { destination: "Kyoto" });
    expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Pack for Kyoto" });
    const about = await client.readResource("demo://about");
    expect(about.contents).toEqual([
      { uri: "demo://about", text: "A demo.", mimeType: "text/plain" },
    ]);
    const guide = await client.readResource(cityGuideTemplate.expand({ city: "oslo", lang: "fr" }));
    expect(guide.contents).toEqual([
      { uri: "demo://cities/oslo/guide?lang=fr", text: "# demo://cities/oslo/guide?lang=fr" },
    ]);
    const missing = await rejection(client.readResource("demo://nowhere"));
    expect([missing.code, missing.data]).toEqual([-32602, { uri: "demo://nowhere" }]);
    expect(mock.calls.map((call) => call.kind)).toEqual(["prompt", "resource", "resource"]);
    const missingArgument = await rejection(client.getPrompt("packing_list", {}));
    expect(missingArgument.serverMessage).toBe(
      'prompt "packing_list" needs the argument "destination"',
    );
    await client.close();
  });

  it("hands each handler the cancellation signal of its request", async () => {
    let seen: AbortSignal | undefined;
    const controller = new AbortController();
    const { client } = await mockWith({
      tools: {
        convertCurrency: (_input, context) => {
          seen = context.signal;
          controller.abort();
          return new Promise<never>(() => undefined);
        },
      },
    });
    const error = await rejection(
      (client as McpClient).callTool("convert_currency", converted, { signal: controller.signal }),
    );
    expect(error.kind).toBe("cancelled");
    expect(seen?.aborted).toBe(true);
    await client.close();
  });
});
