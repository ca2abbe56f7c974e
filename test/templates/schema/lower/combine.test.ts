import { describe, expect, it } from "vitest";
import { intersect, unite } from "../../../../templates/schema/lower/combine.js";
import { NEVER, UNKNOWN, type SchemaNode } from "../../../../templates/schema/schema-node.js";

const str: SchemaNode = { kind: "string", patterns: [] };
const nul: SchemaNode = { kind: "null" };

describe("intersect", () => {
  const cases: ReadonlyArray<[string, SchemaNode[], SchemaNode]> = [
    ["nothing is unknown", [], UNKNOWN],
    ["unknown is the identity", [UNKNOWN, str], str],
    ["never absorbs", [str, NEVER], NEVER],
    [
      "nested intersections flatten",
      [str, { kind: "intersection", members: [nul, str] }],
      { kind: "intersection", members: [str, nul, str] },
    ],
  ];
  it.each(cases)("%s", (_, members, want) => {
    expect(intersect(members)).toEqual(want);
  });
});

describe("unite", () => {
  const cases: ReadonlyArray<[string, SchemaNode[], boolean, SchemaNode]> = [
    ["nothing is never", [], false, NEVER],
    ["never is the identity", [NEVER, str], false, str],
    ["unknown absorbs an inclusive union", [str, UNKNOWN], false, UNKNOWN],
    [
      "an exclusive union keeps unknown",
      [str, UNKNOWN],
      true,
      { kind: "union", members: [str, UNKNOWN], exclusive: true },
    ],
    [
      "inclusive unions flatten, exclusive ones do not",
      [
        str,
        { kind: "union", members: [nul, str], exclusive: false },
        { kind: "union", members: [nul, str], exclusive: true },
      ],
      false,
      {
        kind: "union",
        members: [str, nul, str, { kind: "union", members: [nul, str], exclusive: true }],
        exclusive: false,
      },
    ],
  ];
  it.each(cases)("%s", (_, members, exclusive, want) => {
    expect(unite(members, exclusive)).toEqual(want);
  });
});
