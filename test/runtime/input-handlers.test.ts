/**
 * The capabilities declared from input handlers, and the refusal of a declared kind with no
 * handler: given/want tables.
 */
import { describe, expect, it } from "vitest";
import { capabilitiesFor, type InputHandlers } from "../../runtime/input-handlers.js";
import { isMcpError } from "../../runtime/errors.js";
import type { ClientCapabilities } from "../../runtime/types.js";

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
