/**
 * The generated examples/trip-planner/all-tools.ts against the demo server over stdio: every
 * tool described for a model (names, text made fit for a model, schemas as declared, hints), and
 * called through its entry, typed or with a model's unchecked arguments.
 */
import { connect, isMcpError, type McpClient } from "@mcp-codegen/runtime";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allTools } from "../../examples/trip-planner/all-tools.js";

const ENTRY = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

describe("examples/trip-planner/all-tools.ts", () => {
  let client: McpClient;
  beforeAll(async () => {
    client = await connect({ command: process.execPath, args: ["--import", TSX_LOADER, ENTRY] });
  });
  afterAll(() => client.close());

  it("lists every tool the server lists, with its name, function name and declared schema", async () => {
    const listed = await client.listTools();
    expect(allTools.map((tool) => [tool.name, tool.functionName])).toEqual([
      ["book", "book"],
      ["convert_currency", "convertCurrency"],
      ["get_weather", "getWeather"],
      ["plan_trip", "planTrip"],
      ["summarize_itinerary", "summarizeItinerary"],
      ["trip.cancel-booking", "tripCancelBooking"],
    ]);
    for (const tool of allTools) {
      const live = listed.find((candidate) => candidate.name === tool.name);
      expect(tool.inputSchema).toEqual(live?.inputSchema);
      expect(tool.definition).toEqual(live);
    }
  });

  it("gives each tool's text and hints as a model should get them", () => {
    const cancel = allTools.find((tool) => tool.name === "trip.cancel-booking")!;
    expect(cancel.title).toBe("Cancel a booking");
    expect(cancel.description).toMatch(/^Cancels a flight or hotel booking .*Cannot be undone\.$/);
    expect(cancel.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(cancel.inputZodSchema().safeParse({ reference: "FL-LIS-OSL-20260612" }).success).toBe(
      true,
    );
    expect(cancel.inputZodSchema().safeParse({}).success).toBe(false);
  });

  it("calls a tool through its entry, typed once narrowed by its function name", async () => {
    for (const tool of allTools) {
      if (tool.functionName !== "convertCurrency") continue;
      const result = await tool.call(client, { amount: 100, from: "EUR", to: "JPY" });
      expect(result.isError).not.toBe(true);
      if (!result.isError) expect(result.structuredContent.converted).toBe(16200);
    }
  });

  it("calls a tool with a model's arguments, checked against the input schema first", async () => {
    const book = allTools.find((tool) => tool.functionName === "book")!;
    const result = await book.callWithArguments(client, {
      kind: "flight",
      from: "LIS",
      to: "OSL",
      date: "2026-06-12",
    });
    expect(result).toMatchObject({ structuredContent: { reference: "FL-LIS-OSL-20260612" } });
    let caught: unknown;
    try {
      await book.callWithArguments(client, { kind: "flight", from: "Lisbon" });
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind).toBe("input");
    expect((caught as Error).message).toContain("arguments do not match the tool's input schema");
  });
});
