import { describe, expect, it } from "vitest";
import { renderJsDoc } from "../../../../templates/schema/emit/jsdoc.js";
import type { SchemaDoc } from "../../../../templates/schema/schema-node.js";

const empty: SchemaDoc = { examples: [], deprecated: false, constraints: [] };

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
