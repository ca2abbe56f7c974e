/**
 * A generated client (examples/trip-planner, against the demo server it was generated from)
 * takes the same governance options: its policy asks before the destructive tool for the call's
 * principal, and its input validation runs after the pre-hook, on the arguments the hook left.
 */
import { describe, expect, it } from "vitest";
import { askBeforeUnsafeTools, type ApprovalRequest } from "@mcp-codegen/runtime";
import { rejection as failure } from "../client-helpers.js";
import { tripPlannerWorld } from "./trip-planner-world.js";

const world = tripPlannerWorld();

const REFERENCE = "FL-LIS-OSL-20260612";

describe("a generated client under a policy", () => {
  it("asks before the destructive tool for the call's principal, and sends nothing when denied", async () => {
    const asked: ApprovalRequest[] = [];
    const client = await world.tripPlanner({
      policy: askBeforeUnsafeTools(
        (request) => {
          asked.push(request);
          return "deny";
        },
        { readOnlyTools: ["get_weather"] },
      ),
    });
    const weather = await client.tools.getWeather({ city: "Oslo" });
    expect(weather.isError).not.toBe(true);
    const error = await failure(
      client.tools.tripCancelBooking({ reference: REFERENCE }, { principal: "ops" }),
    );
    expect([error.kind, error.data]).toEqual([
      "denied",
      { tool: "trip.cancel-booking", principal: "ops", rule: "not read-only", reason: "approver" },
    ]);
    expect(asked.map((request) => [request.name, request.principal, request.arguments])).toEqual([
      ["trip.cancel-booking", "ops", { reference: REFERENCE }],
    ]);
    expect(world.server.toolCalls()).not.toContain("trip.cancel-booking");
  });

  it("validates the arguments the pre-hook left, before the policy asks", async () => {
    const asked: string[] = [];
    let rewrite: string | undefined;
    const client = await world.tripPlanner({
      hooks: {
        onToolCall: (call) =>
          rewrite === undefined
            ? undefined
            : { arguments: { ...call.arguments, reference: rewrite } },
      },
      policy: askBeforeUnsafeTools((request) => {
        asked.push(String(request.arguments?.reference));
        return "allow";
      }),
    });
    // A bad reference the hook repairs passes validation and reaches the server repaired.
    rewrite = REFERENCE;
    const cancelled = await client.tools.tripCancelBooking(
      { reference: "not a reference" },
      { validateInput: true },
    );
    expect(cancelled.isError).not.toBe(true);
    expect(asked).toEqual([REFERENCE]);
    // A good reference the hook breaks fails validation: the approver is never asked.
    rewrite = "broken";
    const before = world.server.toolCalls().length;
    const error = await failure(
      client.tools.tripCancelBooking({ reference: REFERENCE }, { validateInput: true }),
    );
    expect(error.kind).toBe("input");
    expect(asked).toEqual([REFERENCE]);
    expect(world.server.toolCalls().length).toBe(before);
  });
});
