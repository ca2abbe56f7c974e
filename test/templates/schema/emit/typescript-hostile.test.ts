import { describe, expect, it } from "vitest";
import { typeOf } from "../to-typescript-helpers.js";

describe("schemaToTypeScript with hostile input", () => {
  const hostileCases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "property names: quotes, newlines, __proto__, constructor, U+2028, digits",
      given: {
        type: "object",
        // JSON.parse, because an object literal would turn "__proto__" into a prototype.
        properties: JSON.parse(
          '{"a\\"b": {"type":"string"}, "line\\nbreak": {"type":"string"}, "__proto__": {"type":"string"}, "constructor": {"type":"number"}, "sep\\u2028x": {"type":"string"}, "1st": {"type":"string"}, "$ok_1": {"type":"string"}}',
        ),
        required: ["__proto__", "constructor"],
        additionalProperties: false,
      },
      want: 'export type T = { "a\\"b"?: string | undefined; "line\\nbreak"?: string | undefined; "__proto__": string; constructor: number; "sep\\u2028x"?: string | undefined; "1st"?: string | undefined; $ok_1?: string | undefined };',
    },
    {
      name: "comment terminators and line separators in every annotation",
      given: {
        type: "object",
        description: "*/ export const pwned = 1; /*",
        properties: {
          a: {
            type: "string",
            description: "end */ here\u2028next\u2029para\r\nwin \u202Ebidi",
            title: "t */",
            default: "*/",
            examples: ["a\u2028*/"],
          },
        },
        additionalProperties: false,
      },
      want: `/** *\\/ export const pwned = 1; /* */
export type T = {
  /**
   * t *\\/
   *
   * end *\\/ here
   * next
   * para
   * win \\u202ebidi
   *
   * @default "*\\/"
   * @example "a\\u2028*\\/"
   */
  a?: string | undefined;
};`,
    },
    {
      name: "enum strings that look like code",
      given: { enum: ['"; export const x = 1; "', "\u2028", "`${x}`"] },
      want: 'export type T = "\\"; export const x = 1; \\"" | "\\u2028" | "`${x}`";',
    },
  ];

  it.each(hostileCases)("$name", ({ given, want }) => {
    expect(typeOf(given)).toBe(want);
  });

  it("keeps 60 levels of nesting linear", () => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 60; i += 1)
      schema = {
        type: "object",
        properties: { a: schema },
        required: ["a"],
        additionalProperties: false,
      };
    expect(typeOf(schema)).toBe(`export type T = ${"{ a: ".repeat(60)}string${" }".repeat(60)};`);
  });
});
