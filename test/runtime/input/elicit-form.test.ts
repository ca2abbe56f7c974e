/**
 * Form elicitation answers against the restricted `requestedSchema`: given/want tables of what
 * passes (with defaults filled in) and what is refused, naming the property. Then the schema
 * itself, checked before anyone is asked: tables, and properties over any JSON a server sends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answererFor } from "../../../runtime/input/answer-input.js";
import { checkElicitContent } from "../../../runtime/input/elicit-form.js";
import { elicitFormProblem } from "../../../runtime/input/elicit-schema.js";
import type { ElicitationHandler } from "../../../runtime/input/input-handlers.js";
import type {
  ElicitContent,
  ElicitFormParams,
  ElicitResult,
} from "../../../runtime/input/input-types.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { ServerRequests } from "../../../runtime/input/server-requests.js";
import type { InputRequest } from "../../../runtime/protocol/types.js";

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

describe("elicitFormProblem: the spec's restricted schema, before anyone is asked", () => {
  const withProperty = (property: unknown) => ({
    message: "m",
    requestedSchema: { type: "object", properties: { p: property } },
  });

  it.each<[string, unknown]>([
    ["the fixture form", form],
    ["no properties asked", { message: "m", requestedSchema: { type: "object", properties: {} } }],
    ["a $schema and required", { ...withProperty({ type: "boolean" }), $schema: "x" }],
    [
      "each format",
      withProperty({ type: "string", format: "date-time", default: "2026-07-28T00:00:00Z" }),
    ],
    ["a legacy titled enum", withProperty({ type: "string", enum: ["a"], enumNames: ["A"] })],
    [
      "a titled multi-select",
      withProperty({ type: "array", items: { anyOf: [{ const: "a", title: "A" }] } }),
    ],
    ["unknown keywords, ignored", withProperty({ type: "number", "x-widget": { deep: [1] } })],
  ])("accepts %s", (_label, params) => {
    expect(elicitFormProblem(params)).toBeUndefined();
  });

  it.each<[unknown, string]>([
    [null, "the params are not an object"],
    [{ requestedSchema: form.requestedSchema }, "message is not a string"],
    [{ message: "m" }, "requestedSchema is missing"],
    [{ message: "m", requestedSchema: [] }, "requestedSchema is not an object"],
    [{ message: "m", requestedSchema: { properties: {} } }, 'requestedSchema.type is not "object"'],
    [
      { message: "m", requestedSchema: { type: "object" } },
      "requestedSchema.properties is not an object",
    ],
    [
      { message: "m", requestedSchema: { type: "object", properties: {}, required: [1] } },
      "required is not a list of strings",
    ],
    [withProperty(5), 'property "p" is not an object'],
    [withProperty({ type: "object", properties: {} }), 'property "p" has type "object"'],
    [withProperty({}), "has type (none)"],
    [
      withProperty({ type: "string", format: "ipv4" }),
      'has format "ipv4"; the form allows email, uri, date, date-time',
    ],
    [withProperty({ type: "string", format: "toString" }), 'has format "toString"'],
    [withProperty({ type: "string", minLength: -1 }), "minLength that is not a whole number"],
    [withProperty({ type: "string", enum: [1, 2] }), "enum that is not a list of strings"],
    [withProperty({ type: "string", oneOf: [{ title: "no const" }] }), "oneOf that is not a list"],
    [withProperty({ type: "integer", maximum: "9" }), "maximum that is not a number"],
    [withProperty({ type: "array" }), "is an array without an items object"],
    [withProperty({ type: "array", items: { type: "object" } }), "has items other than"],
    [withProperty({ type: "string", title: 7 }), "title that is not a string"],
    [withProperty({ type: "integer", default: 1.5 }), "has a default that is not an integer"],
    [
      withProperty({ type: "string", enum: ["a"], default: "b" }),
      "has a default that is not one of the choices",
    ],
  ])("refuses %j: %s", (params, problem) => {
    expect(elicitFormProblem(params)).toContain(problem);
  });
});

/** Any JSON, objects keyed by schema words and Object.prototype names as often as by others. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom(
        "type",
        "properties",
        "format",
        "enum",
        "items",
        "default",
        "__proto__",
        "toString",
        "p",
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
    fc.array(tie("value"), { maxLength: 3 }),
  ),
})).value;

/** Property schemas of the restricted subset, each kind with its keywords. */
const validProperty: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      type: fc.constant("string"),
      format: fc.constantFrom("email", "uri", "date", "date-time"),
      minLength: fc.nat(3),
      title: fc.string(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    { type: fc.constantFrom("number", "integer"), minimum: fc.constant(0), default: fc.nat(9) },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("boolean"), default: fc.boolean() }, { requiredKeys: ["type"] }),
  fc.record(
    { type: fc.constant("string"), enum: fc.constant(["a", "b"]), default: fc.constant("a") },
    { requiredKeys: ["type", "enum"] },
  ),
  fc.record({ type: fc.constant("string"), oneOf: fc.constant([{ const: "a", title: "A" }]) }),
  fc.record({
    type: fc.constant("array"),
    items: fc.constantFrom(
      { type: "string", enum: ["a"] },
      { anyOf: [{ const: "a", title: "A" }] },
    ),
    maxItems: fc.nat(3),
  }),
);

/** Property schemas near the restricted subset: each keyword valid or not, any combination. */
const nearProperty: fc.Arbitrary<unknown> = fc.record(
  {
    type: fc.constantFrom("string", "number", "integer", "boolean", "array", "object", 3),
    format: fc.constantFrom("email", "uri", "date", "date-time", "ipv4", "constructor", 5),
    minLength: fc.constantFrom(0, 2, -1, 1.5, "2"),
    maximum: fc.constantFrom(10, Number.MAX_VALUE, "x", null),
    enum: fc.constantFrom(["a", "b"], [], [1], "a"),
    oneOf: fc.constantFrom([{ const: "a", title: "A" }], [{ const: 1 }], {}),
    items: fc.constantFrom(
      { type: "string", enum: ["a"] },
      { anyOf: [{ const: "a", title: "A" }] },
      { type: "number" },
      [],
    ),
    default: fc.constantFrom("a", "b", 3, 1.5, true, ["a"], [1], null, {}),
  },
  { requiredKeys: [] },
);

const nearForm: fc.Arbitrary<unknown> = fc.record(
  {
    message: fc.constantFrom("m", "m", "m", 1),
    requestedSchema: fc.oneof(
      { weight: 1, arbitrary: anyJson },
      {
        weight: 4,
        arbitrary: fc.record(
          {
            type: fc.constantFrom("object", "object", "object", "array"),
            properties: fc.dictionary(
              fc.constantFrom("name", "__proto__", "toString", "a b"),
              fc.oneof(
                { weight: 6, arbitrary: validProperty },
                { weight: 1, arbitrary: nearProperty },
                { weight: 1, arbitrary: anyJson },
              ),
              { maxKeys: 3 },
            ),
            required: fc.constantFrom(["name"], [], ["name"], [1]),
          },
          { requiredKeys: ["type", "properties"] },
        ),
      },
    ),
  },
  { requiredKeys: ["message", "requestedSchema"] },
);

/** Any JSON at all, or params close to a form (a third of them valid). */
const anyForm = fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 4, arbitrary: nearForm });

/** A handler that accepts with values drawn for the properties it was shown. */
const answers = fc.constantFrom<unknown[]>(["a", 3, true, ["a"], "2026-07-28", "a@b.c"]);

describe("any form elicitation a server sends", () => {
  const isValue = (value: unknown) =>
    ["string", "number", "boolean"].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item === "string"));

  it("MRTR: never throws a bare error, reaches the handler only when valid, answers well-formed", async () => {
    await fc.assert(
      fc.asyncProperty(anyForm, answers, async (params, values) => {
        let called = 0;
        const handler: ElicitationHandler = (shown) => {
          called += 1;
          const names = Object.keys(shown.requestedSchema.properties);
          const content = Object.fromEntries(names.map((n, i) => [n, values[i % values.length]]));
          return { action: "accept", content: content as ElicitContent };
        };
        const request = { method: "elicitation/create", params } as unknown as InputRequest;
        const answerer = answererFor(request, { elicitation: handler });
        const valid = elicitFormProblem(params) === undefined;
        let answer: unknown;
        try {
          answer = await answerer!({
            key: "q",
            method: "tools/call",
            target: "t",
            signal: undefined,
          });
        } catch (error) {
          // Only the answer's own check may refuse, and only as an McpError of kind input.
          expect(isMcpError(error) && error.kind).toBe("input");
          expect(valid).toBe(true);
          return;
        }
        expect(called).toBe(valid ? 1 : 0);
        if (!valid) {
          expect(answer).toEqual({ action: "decline" });
          return;
        }
        const { action, content } = answer as ElicitResult;
        expect(action).toBe("accept");
        expect(Object.values(content ?? {}).every(isValue)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("initialize era: every request gets a JSON-RPC response; the handler runs only when valid", async () => {
    await fc.assert(
      fc.asyncProperty(anyForm, async (params) => {
        let called = 0;
        const requests = new ServerRequests(
          {
            elicitation: () => {
              called += 1;
              return { action: "decline" };
            },
          },
          "test",
        );
        const response = await requests.answer({
          jsonrpc: "2.0",
          id: 1,
          method: "elicitation/create",
          params: params as Record<string, unknown>,
        });
        const problem = elicitFormProblem(params);
        expect(called).toBe(problem === undefined ? 1 : 0);
        if (problem === undefined) {
          expect(response).toEqual({ jsonrpc: "2.0", id: 1, result: { action: "decline" } });
        } else {
          expect(response).toEqual({
            jsonrpc: "2.0",
            id: 1,
            error: {
              code: -32602,
              message: `the client cannot show this form elicitation: ${problem}`,
            },
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
