/**
 * JSDoc that exists only where a type has no comment of its own: inside a union member, or on
 * `additionalProperties`. The type keeps what the schema says there.
 */
import { describe, expect, it } from "vitest";
import { typeOf } from "../to-typescript-helpers.js";

describe("schemaToTypeScript: descriptions outside the property itself", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "an optional field described only inside its anyOf branch",
      given: {
        type: "object",
        properties: {
          owner: {
            anyOf: [{ type: "string", description: "The repository owner." }, { type: "null" }],
          },
        },
      },
      want: [
        "export type T = {",
        "  /** The repository owner. */",
        "  owner?: string | null | undefined;",
        "  [k: string]: unknown;",
        "};",
      ].join("\n"),
    },
    {
      name: "each oneOf branch's description, once each, in order",
      given: {
        type: "object",
        properties: {
          at: {
            oneOf: [
              { type: "string", description: "An ISO date." },
              { type: "integer", description: "Seconds since the epoch." },
              { type: "null", description: "An ISO date." },
            ],
          },
        },
        additionalProperties: false,
      },
      want: [
        "export type T = {",
        "  /**",
        "   * An ISO date.",
        "   *",
        "   * Seconds since the epoch.",
        "   */",
        "  at?: string | number | null | undefined;",
        "};",
      ].join("\n"),
    },
    {
      name: "the schema's own description wins over its branches'",
      given: {
        type: "object",
        properties: {
          a: { description: "Own.", anyOf: [{ type: "string", description: "Branch." }] },
        },
        additionalProperties: false,
      },
      want: "export type T = {\n  /** Own. */\n  a?: string | undefined;\n};",
    },
    {
      name: "a nested union's branch description reaches the property",
      given: {
        type: "object",
        properties: {
          a: {
            anyOf: [
              { anyOf: [{ type: "string", description: "Deep." }, { type: "number" }] },
              { type: "null" },
            ],
          },
        },
        additionalProperties: false,
      },
      want: "export type T = {\n  /** Deep. */\n  a?: string | number | null | undefined;\n};",
    },
    {
      name: "a root described only inside its branches",
      given: { anyOf: [{ type: "string", description: "A name." }, { type: "null" }] },
      want: "/** A name. */\nexport type T = string | null;",
    },
    {
      name: "additionalProperties' description on the index signature",
      given: {
        type: "object",
        additionalProperties: { type: "number", minimum: 0, description: "Stock count by SKU." },
      },
      want: [
        "export type T = {",
        "  /**",
        "   * Stock count by SKU.",
        "   *",
        "   * @minimum 0",
        "   */",
        "  [k: string]: number;",
        "};",
      ].join("\n"),
    },
    {
      name: "no index-signature doc on a closed object",
      given: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      want: "export type T = { a?: string | undefined };",
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(typeOf(given)).toBe(want);
    });
  }
});
