/**
 * Code mode over real clients of the demo server (official SDK, loopback): TypeScript runs with
 * its types stripped, calls go through the client's governance (its policy, and code mode's own
 * `approve`, which pauses the run and its clock), runtime clients use the server's names, and the
 * two model tools have the shape the AI SDK, OpenAI and Anthropic adapters read.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { askBeforeUnsafeTools, isMcpError, toolNamesForModel } from "@mcp-codegen/runtime";
import {
  createCodeMode,
  type CodeModeApprovalRequest,
  type CodeModeLimits,
} from "@mcp-codegen/runtime/code-mode";
import { allTools } from "../../../examples/trip-planner/all-tools.js";
import { tripPlannerWorld } from "../governance/trip-planner-world.js";

const world = tripPlannerWorld();
const REFERENCE = "FL-LIS-OSL-20260612";

async function tripMode(
  options: {
    approve?: (
      r: CodeModeApprovalRequest,
    ) => Promise<"allow" | "deny" | "always"> | "allow" | "deny" | "always";
    limits?: CodeModeLimits;
  } = {},
) {
  const trip = await world.tripPlanner();
  return createCodeMode({ servers: { trip: { client: trip, tools: allTools } }, ...options });
}

describe("execute", () => {
  it("runs TypeScript, calls tools in parallel, and returns JSON data with the logs and calls", async () => {
    const mode = await tripMode();
    const result = await mode.execute(`
      interface Forecast { city: string; lines: number }
      const cities: string[] = ["Oslo", "Lisbon"];
      const results = await Promise.all(cities.map((city) => servers.trip.getWeather({ city, days: 2 })));
      const out: Forecast[] = results.map((r, i) => ({ city: cities[i]!, lines: r.content[0].text.split("\\n").length }));
      console.log("checked", out.length);
      return out;
    `);
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual([
      { city: "Oslo", lines: 3 },
      { city: "Lisbon", lines: 3 },
    ]);
    expect(result.logs).toEqual([{ level: "log", text: "checked 2" }]);
    expect(result.calls.map((call) => [call.tool, call.name, call.ok])).toEqual([
      ["getWeather", "get_weather", true],
      ["getWeather", "get_weather", true],
    ]);
  });

  it("gives structuredContent typed by the generated output, and an error's line", async () => {
    const mode = await tripMode();
    const converted = await mode.execute(
      `const r = await servers.trip.convertCurrency({ amount: 10, from: "EUR", to: "NOK" });\nreturn typeof r.structuredContent.amount`,
    );
    expect(converted.value).toBe("number");
    const thrown = await mode.execute(`const a = 1;\nthrow new RangeError("too far");`);
    expect(thrown.error).toEqual({
      kind: "runtime",
      message: "The code threw RangeError: too far (line 2)",
    });
  });

  it("reports a syntax error, a value that is not JSON, and nothing returned", async () => {
    const mode = await tripMode();
    expect((await mode.execute("return (1 +")).error?.kind).toBe("syntax");
    expect((await mode.execute("return () => 1")).error?.message).toMatch(/not JSON data/);
    expect(await mode.execute("const x = 1")).toMatchObject({ ok: true, value: undefined });
  });

  it("ends a run the application aborts, and cancels its call", async () => {
    const mode = await tripMode({ approve: () => new Promise(() => {}) });
    const controller = new AbortController();
    const running = mode.execute(`await servers.trip.getWeather({ city: "Oslo" })`, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect((await running).error?.kind).toBe("cancelled");
  });
});

describe("governance", () => {
  it("pauses for approve, with the clock stopped; a refusal is an error the code handles", async () => {
    const before = world.server.toolCalls().length;
    const asked: string[] = [];
    const mode = await tripMode({
      limits: { timeMs: 300 },
      approve: async (request) => {
        asked.push(`${request.tool} ${JSON.stringify(request.arguments)}`);
        // Longer than the run's whole time limit: the clock must not run while a person decides.
        await new Promise((resolve) => setTimeout(resolve, 600));
        return request.tool === "getWeather" ? "always" : "deny";
      },
    });
    const code = `
      const weather = await servers.trip.getWeather({ city: "Oslo" });
      try {
        await servers.trip.tripCancelBooking({ reference: "${REFERENCE}" });
        return "cancelled";
      } catch (e) {
        return [e.name, e.kind, weather.isError === true];
      }`;
    const first = await mode.execute(code);
    expect(first.value).toEqual(["ToolError", "denied", false]);
    // "always" holds for the code mode's later runs: only the cancellation is asked again.
    await mode.execute(code);
    expect(asked).toEqual([
      `getWeather {"city":"Oslo"}`,
      `tripCancelBooking {"reference":"${REFERENCE}"}`,
      `tripCancelBooking {"reference":"${REFERENCE}"}`,
    ]);
    expect(world.server.toolCalls().slice(before)).toEqual(["get_weather", "get_weather"]);
  });

  it("goes through the client's own policy", async () => {
    const before = world.server.toolCalls().length;
    const trip = await world.tripPlanner({
      policy: askBeforeUnsafeTools(() => "deny", { readOnlyTools: ["get_weather"] }),
    });
    const mode = await createCodeMode({ servers: { trip: { client: trip, tools: allTools } } });
    const result = await mode.execute(
      `try { await servers.trip.tripCancelBooking({ reference: "${REFERENCE}" }) } catch (e) { return [e.kind, e.message] }`,
    );
    expect(result.value).toEqual(["denied", expect.stringMatching(/trip\.cancel-booking/)]);
    expect(world.server.toolCalls().slice(before)).toEqual([]);
  });

  it("takes a runtime client with the server's names, hiding what its selection hides", async () => {
    const client = await world.connect({ tools: { exclude: ["book"] } });
    const mode = await createCodeMode({ servers: { trip: client } });
    const result = await mode.execute(
      `const r = await servers.trip["get_weather"]({ city: "Kyoto" });\nreturn [Object.keys(servers.trip).sort(), r.content[0].text.includes("Kyoto")]`,
    );
    expect(result.value).toEqual([
      [
        "convert_currency",
        "get_weather",
        "plan_trip",
        "summarize_itinerary",
        "trip.cancel-booking",
      ],
      true,
    ]);
    expect(mode.searchTools("cancel")[0]?.path).toBe('servers.trip["trip.cancel-booking"]');
  });
});

describe("searchTools and the model tools", () => {
  it("finds tools by the words of a query, best first", async () => {
    const mode = await tripMode();
    expect(mode.searchTools("weather forecast").map((match) => match.path)[0]).toBe(
      "servers.trip.getWeather",
    );
    expect(mode.searchTools("currency")[0]).toMatchObject({
      path: "servers.trip.convertCurrency",
      name: "convert_currency",
      inputSchema: { type: "object" },
    });
    expect(mode.searchTools("zeppelin")).toEqual([]);
  });

  it("offers execute_code and search_tools in allTools' shape", async () => {
    const mode = await tripMode();
    const byName = toolNamesForModel(mode.tools);
    expect([...byName.keys()]).toEqual(["execute_code", "search_tools"]);
    const [execute, search] = mode.tools;
    expect(execute.description).toContain("servers.trip.getWeather(args)");
    expect(execute.inputZodSchema().safeParse({ code: "return 1" }).success).toBe(true);
    expect(JSON.parse(await execute.callWithArguments({ code: "return 6 * 7" }))).toEqual({
      ok: true,
      value: 42,
    });
    expect(await execute.callWithArguments({ script: "return 1" })).toMatch(
      /execute_code: the arguments do not match/,
    );
    const found = JSON.parse(await search.callWithArguments({ query: "itinerary" })) as {
      path: string;
    }[];
    expect(found[0]?.path).toBe("servers.trip.summarizeItinerary");
  });
});

describe("options", () => {
  it.each([
    [{ timeMs: -1 }, /limits.timeMs must be a positive whole number/],
    [{ toolCalls: 1.5 }, /limits.toolCalls/],
    [
      { stackBytes: 1024 * 1024 },
      /limits.stackBytes must be a positive whole number of at most 262144/,
    ],
  ])("refuses limits %j", async (limits, message) => {
    const trip = await world.tripPlanner();
    const error = await createCodeMode({ servers: { trip }, limits }).catch((e: unknown) => e);
    expect(isMcpError(error) && error.kind).toBe("input");
    expect((error as Error).message).toMatch(message);
  });

  it("refuses no servers, and a server that is not a client", async () => {
    for (const servers of [{}, { trip: {} }]) {
      const error = await createCodeMode({ servers: servers as never }).catch((e: unknown) => e);
      expect(isMcpError(error) && error.kind).toBe("input");
    }
  });
});

describe("any code", () => {
  it("resolves with a well-formed result, never throwing into the host", async () => {
    const mode = await tripMode({ limits: { timeMs: 500 } });
    const fragments = fc.constantFrom(
      "return",
      "await",
      "(",
      ")",
      "{",
      "}",
      "[",
      "]",
      ";",
      "\n",
      "servers",
      ".trip",
      ".getWeather",
      "({ city: 'Oslo' })",
      "throw",
      "new Error('x')",
      "null",
      "1",
      "'s'",
      "=>",
      "const a =",
      "a",
      "console.log(",
      "JSON.parse(",
      "Object.prototype.x = 1",
      "try {",
      "} catch {",
      "`",
      "/*",
      "//",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fragments, { maxLength: 12 }), async (parts) => {
        const result = await mode.execute(parts.join(" "));
        expect(typeof result.ok).toBe("boolean");
        expect(result.ok ? result.error : result.error?.kind).toSatisfy((value) =>
          result.ok ? value === undefined : typeof value === "string",
        );
      }),
      { numRuns: 40 },
    );
  });
});
