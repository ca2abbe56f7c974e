import { describe, expect, it } from "vitest";
import { Budget } from "../../../../templates/schema/read/bounds.js";
import { createDefinitionNamer } from "../../../../templates/schema/lower/definition-names.js";
import {
  diagnose,
  referTo,
  type DefinitionSlot,
  type LowerContext,
} from "../../../../templates/schema/lower/context.js";
import { scanDocument } from "../../../../templates/schema/read/scan.js";

function context(): LowerContext {
  const root: DefinitionSlot = {
    pointer: "",
    suffix: "",
    references: new Set(),
    unguarded: new Set(),
  };
  return {
    index: scanDocument({ $defs: { a: true, b: true } }, "2020-12", new Budget()),
    refTargets: new Map(),
    targets: new Set(["/$defs/a", "/$defs/b"]),
    slots: [root],
    slotByPointer: new Map([["", 0]]),
    lowerAt: () => {
      throw new Error("referTo and diagnose never lower a schema");
    },
    nameDefinition: createDefinitionNamer(),
    current: root,
    setAside: 0,
    pendingNotes: [],
  };
}

describe("referTo", () => {
  it("creates a definition on first use and records guarded and unguarded references", () => {
    const ctx = context();
    expect(referTo(ctx, "/$defs/b", true)).toEqual({ kind: "ref", index: 1 });
    expect(referTo(ctx, "/$defs/a", false)).toEqual({ kind: "ref", index: 2 });
    expect(referTo(ctx, "/$defs/b", false)).toEqual({ kind: "ref", index: 1 });
    expect(referTo(ctx, "", true)).toEqual({ kind: "ref", index: 0 });
    expect(ctx.slots.map((s) => [s.pointer, s.suffix])).toEqual([
      ["", ""],
      ["/$defs/b", "B"],
      ["/$defs/a", "A"],
    ]);
    expect([...ctx.current.references]).toEqual([1, 2, 0]);
    expect([...ctx.current.unguarded]).toEqual([2, 1]);
  });
});

describe("diagnose", () => {
  it("adds to the index's diagnostics", () => {
    const ctx = context();
    diagnose(ctx, "/x", "something");
    expect(ctx.index.diagnostics).toEqual([{ pointer: "/x", message: "something", level: "note" }]);
  });
});
