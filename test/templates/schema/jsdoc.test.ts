import { describe, expect, it } from "vitest";
import { commentLines, escapeCommentText, renderJsDoc } from "../../../templates/schema/jsdoc.js";
import type { SchemaDoc } from "../../../templates/schema/schema-node.js";

const empty: SchemaDoc = { examples: [], deprecated: false, constraints: [] };

describe("escapeCommentText", () => {
  const cases: ReadonlyArray<[string, string]> = [
    ["plain text", "plain text"],
    ["end */ here", "end *\\/ here"],
    ["**/ and */*/", "**\\/ and *\\/*\\/"],
    ["a\nb\r\u2028\u2029", "a\\u000ab\\u000d\\u2028\\u2029"],
    ["bidi \u202e zero\u200bwidth \ufeff", "bidi \\u202e zero\\u200bwidth \\ufeff"],
    ["tab\tkept", "tab\tkept"],
    ["/* nested", "/* nested"],
  ];
  it.each(cases)("%j → %j", (text, want) => {
    expect(escapeCommentText(text)).toBe(want);
  });
});

describe("commentLines", () => {
  it("splits on every JavaScript line terminator", () => {
    expect(commentLines("a\r\nb\nc\rd\u2028e\u2029f */  ")).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f *\\/",
    ]);
  });
});

describe("renderJsDoc", () => {
  const cases: ReadonlyArray<{
    name: string;
    doc: SchemaDoc | undefined;
    notes?: string[];
    want: string;
  }> = [
    { name: "nothing", doc: undefined, want: "" },
    { name: "empty doc", doc: empty, want: "" },
    { name: "one line", doc: { ...empty, description: "The city." }, want: "/** The city. */" },
    { name: "blank description", doc: { ...empty, description: " \n " }, want: "" },
    {
      name: "title, description, tags",
      doc: {
        title: "City",
        description: "\nFirst.\n\nSecond.\n",
        format: "email",
        default: { value: "a*/b" },
        examples: [{ k: "\u2028" }],
        deprecated: true,
        constraints: [
          ["minLength", "1"],
          ["uniqueItems", ""],
        ],
      },
      want: [
        "/**",
        " * City",
        " *",
        " * First.",
        " *",
        " * Second.",
        " *",
        " * @format email",
        " * @minLength 1",
        " * @uniqueItems",
        ' * @default "a*\\/b"',
        ' * @example {"k":"\\u2028"}',
        " * @deprecated",
        " */",
      ].join("\n"),
    },
    { name: "notes only", doc: undefined, notes: ["Note */ one"], want: "/** Note *\\/ one */" },
  ];
  it.each(cases)("$name", ({ doc, notes, want }) => {
    expect(renderJsDoc(doc, notes)).toBe(want);
  });

  it("never lets a hostile text end the comment", () => {
    const hostile = "*/ export const x = 1; /*\u2028*/\r*/";
    const rendered = renderJsDoc({
      ...empty,
      title: hostile,
      description: hostile,
      format: hostile,
      default: { value: hostile },
      examples: [hostile],
    });
    expect(rendered.indexOf("*/")).toBe(rendered.length - 2);
  });
});
