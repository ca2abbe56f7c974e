/**
 * `onPromptGet` and `onResourceRead` see whom the request is for, resolved as a tool call's
 * principal is: the request's `principal` option, else the policy's `defaultPrincipal`, else
 * `"default"`. Against the demo server, through the raw client and the generated functions and
 * members (examples/trip-planner), which take the same option.
 */
import { describe, expect, it } from "vitest";
import {
  createPolicy,
  type ConnectOptions,
  type PromptGetRequest,
  type ResourceReadRequest,
} from "@mcp-codegen/runtime";
import { getPackingListPrompt, readAbout } from "../../../examples/trip-planner/index.js";
import { rejection as failure } from "../client-helpers.js";
import { tripPlannerWorld } from "./trip-planner-world.js";

const world = tripPlannerWorld();

/** A trip-planner client whose hooks record what they saw, with `options` besides. */
async function recorded(options: ConnectOptions = {}) {
  const prompts: PromptGetRequest[] = [];
  const reads: ResourceReadRequest[] = [];
  const client = await world.tripPlanner({
    ...options,
    hooks: {
      onPromptGet: (request) => void prompts.push(request),
      onResourceRead: (request) => void reads.push(request),
    },
  });
  return { client, prompts, reads };
}

const ARGS = { destination: "Kyoto" };

// [given: the policy's defaultPrincipal, the request's principal; want: the principal seen]
const CASES: readonly (readonly [string | undefined, string | undefined, string])[] = [
  [undefined, undefined, "default"],
  [undefined, "ops", "ops"],
  ["alice", undefined, "alice"],
  ["alice", "ops", "ops"],
];

describe("prompt and resource hooks see the principal", () => {
  it.each(CASES)(
    "policy default %s, request principal %s: the hooks see %s",
    async (defaultPrincipal, principal, want) => {
      const policy =
        defaultPrincipal === undefined ? undefined : createPolicy({ defaultPrincipal });
      const { client, prompts, reads } = await recorded(policy === undefined ? {} : { policy });
      const options = principal === undefined ? {} : { principal };
      await client.raw.getPrompt("packing_list", ARGS, options);
      await client.raw.readResource("demo://about", options);
      await getPackingListPrompt(client.raw, ARGS, options);
      await readAbout(client.raw, options);
      await client.prompts.packingList(ARGS, options);
      await client.resources.about(options);
      expect(prompts).toEqual([
        { name: "packing_list", arguments: ARGS, principal: want },
        { name: "packing_list", arguments: ARGS, principal: want },
        { name: "packing_list", arguments: ARGS, principal: want },
      ]);
      expect(reads).toEqual([
        { uri: "demo://about", principal: want },
        { uri: "demo://about", principal: want },
        { uri: "demo://about", principal: want },
      ]);
    },
  );

  it("lets a hook refuse by principal, before anything is sent", async () => {
    const client = await world.tripPlanner({
      hooks: {
        onPromptGet: ({ principal }) =>
          principal === "guest" ? { refuse: "guests get no prompts" } : undefined,
        onResourceRead: ({ principal }) =>
          principal === "guest" ? { refuse: "guests read nothing" } : undefined,
      },
    });
    const before = world.server.requests().length;
    const prompt = await failure(client.prompts.packingList(ARGS, { principal: "guest" }));
    const read = await failure(client.resources.about({ principal: "guest" }));
    expect([prompt.data, read.data]).toEqual([
      { hook: "onPromptGet", refused: true, reason: "guests get no prompts" },
      { hook: "onResourceRead", refused: true, reason: "guests read nothing" },
    ]);
    expect(world.server.requests().length).toBe(before);
    const allowed = await client.prompts.packingList(ARGS, { principal: "ops" });
    expect(allowed.messages.length).toBeGreaterThan(0);
  });

  it("refuses a principal that names no one, as a tool call does", async () => {
    const { client, prompts, reads } = await recorded();
    const before = world.server.requests().length;
    const prompt = await failure(client.raw.getPrompt("packing_list", ARGS, { principal: "" }));
    const read = await failure(client.raw.readResource("demo://about", { principal: "" }));
    expect([prompt.kind, read.kind]).toEqual(["input", "input"]);
    expect(prompt.message).toContain("principal must be a non-empty string");
    expect([prompts, reads, world.server.requests().length - before]).toEqual([[], [], 0]);
  });
});
