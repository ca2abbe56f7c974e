import { describe, expect, it } from "vitest";
import {
  createDefinitionNamer,
  pascalCase,
  suffixFor,
} from "../../../../templates/schema/lower/definition-names.js";

describe("suffixFor", () => {
  const cases: ReadonlyArray<[string, string]> = [
    ["/$defs/tree-node", "TreeNode"],
    ["/definitions/address_v2", "AddressV2"],
    ["/$defs/a~1b", "AB"],
    ["/properties/tags/items", "TagsItems"],
    ["/anyOf/0", "AnyOf0"],
    ["/$defs/__proto__", "Proto"],
    ["/$defs/*~1 export const x = 1", "ExportConstX1"],
    ["/$defs/日本", "Def"],
    ["", "Def"],
    [`/$defs/${"a".repeat(100)}`, `A${"a".repeat(47)}`],
  ];
  it.each(cases)("%j → %j", (pointer, want) => {
    expect(suffixFor(pointer)).toBe(want);
  });
});

describe("createDefinitionNamer", () => {
  it("numbers collisions in first-use order", () => {
    const name = createDefinitionNamer();
    expect(["/$defs/node", "/$defs/Node", "/definitions/node", "/$defs/x"].map(name)).toEqual([
      "Node",
      "Node2",
      "Node3",
      "X",
    ]);
  });
});

describe("pascalCase", () => {
  it("keeps ASCII letters and digits only", () => {
    expect(pascalCase("get-weather.v2 (beta)")).toBe("GetWeatherV2Beta");
    expect(pascalCase("\u2028*/;")).toBe("");
  });
});
