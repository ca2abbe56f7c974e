/**
 * Form elicitation answers against the restricted `requestedSchema`: given/want tables of what
 * passes (with defaults filled in) and what is refused, naming the property.
 */
import { describe, expect, it } from "vitest";
import { checkElicitContent } from "../../runtime/elicit-form.js";
import type { ElicitContent, ElicitFormParams } from "../../runtime/input-types.js";
import { isMcpError } from "../../runtime/errors.js";

const form: ElicitFormParams = {
  message: "Tell us",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2, maxLength: 5 },
      email: { type: "string", format: "email" },
      day: { type: "string", format: "date" },
      age: { type: "integer", minimum: 0, maximum: 150 },
      ratio: { type: "number", default: 0.5 },
      agree: { type: "boolean", default: false },
      size: { type: "string", enum: ["s", "m"] },
      tier: { type: "string", oneOf: [{ const: "gold", title: "Gold" }] },
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, maxItems: 2 },
      picks: { type: "array", items: { anyOf: [{ const: "x", title: "X" }] }, minItems: 1 },
    },
    required: ["name"],
  },
};

const context = { method: "tools/call", target: "t" };

describe("checkElicitContent", () => {
  it.each<[string, ElicitContent, ElicitContent]>([
    ["fills defaults", { name: "ab" }, { name: "ab", ratio: 0.5, agree: false }],
    [
      "keeps valid values",
      { name: "abc", email: "a@b.c", day: "2026-07-28", age: 3, size: "m", tier: "gold" },
      {
        name: "abc",
        email: "a@b.c",
        day: "2026-07-28",
        age: 3,
        ratio: 0.5,
        agree: false,
        size: "m",
        tier: "gold",
      },
    ],
    [
      "accepts enum lists",
      { name: "ab", tags: ["a", "b"], picks: ["x"], agree: true },
      { name: "ab", tags: ["a", "b"], picks: ["x"], ratio: 0.5, agree: true },
    ],
  ])("%s", (_label, given, want) => {
    expect(checkElicitContent(form, given, context)).toEqual(want);
  });

  it.each<[ElicitContent, string]>([
    [{}, "name is required"],
    [{ name: "a" }, "name is shorter than 2"],
    [{ name: "abcdef" }, "name is longer than 5"],
    [{ name: 3 }, "name is not a string"],
    [{ name: "ab", email: "nope" }, "email is not a valid email"],
    [{ name: "ab", day: "2026-13-45" }, "day is not a valid date"],
    [{ name: "ab", age: 1.5 }, "age is not an integer"],
    [{ name: "ab", age: 200 }, "age is above 150"],
    [{ name: "ab", agree: "yes" }, "agree is not a boolean"],
    [{ name: "ab", size: "xl" }, "size is not one of the choices"],
    [{ name: "ab", tier: "silver" }, "tier is not one of the choices"],
    [{ name: "ab", tags: ["c"] }, "tags holds c, not a choice"],
    [{ name: "ab", tags: ["a", "b", "a"] }, "tags has more than 2 items"],
    [{ name: "ab", picks: [] }, "picks has fewer than 1 items"],
    [{ name: "ab", extra: 1 }, "extra is not in the requested schema"],
  ])("refuses %j: %s", (given, problem) => {
    let caught: unknown;
    try {
      checkElicitContent(form, given, context);
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind).toBe("input");
    expect((caught as Error).message).toContain(problem);
  });
});
