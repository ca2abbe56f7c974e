/**
 * `pull` spawns its server before it loads the generator: what cli/commands/pull.ts loads
 * statically (up to connecting) holds no module that renders, formats or writes code. The
 * generator loads with `import()` while the server boots.
 */
import { describe, expect, it } from "vitest";
import { staticClosure } from "../../support/static-imports.js";

/** Rendering, formatting and writing: none of it may load before the pull connects. */
const RENDERING = [
  "templates/generate.ts",
  "templates/format.ts",
  "templates/print.ts",
  "templates/emit-tool.ts",
  "templates/schema/index.ts",
  "templates/agent/index.ts",
  "cli/output/write-generated.ts",
  "cli/output/output-files.ts",
  "cli/output/generation-cache.ts",
  "cli/output/dry-run.ts",
];

describe("the pull command's static imports", () => {
  it("see rendering where it is (the walker can tell)", () => {
    const door = staticClosure("templates/index.ts");
    expect(RENDERING.filter((file) => file.startsWith("templates/"))).toEqual(
      RENDERING.filter((file) => door.has(file)),
    );
    const output = staticClosure("cli/output/index.ts");
    expect(RENDERING.filter((file) => !output.has(file) && file.startsWith("cli/"))).toEqual([]);
  });

  it("load no rendering, formatting or output writing", () => {
    const loaded = staticClosure("cli/commands/pull.ts");
    expect(RENDERING.filter((file) => loaded.has(file))).toEqual([]);
    expect(
      [...loaded].filter((file) => file === "prettier" || file.startsWith("prettier/")),
    ).toEqual([]);
  });

  it("load of templates/ only what its light door loads", () => {
    const light = staticClosure("templates/light.ts");
    const loaded = [...staticClosure("cli/commands/pull.ts")];
    expect(loaded.filter((file) => file.startsWith("templates/") && !light.has(file))).toEqual([]);
    expect(loaded.filter((file) => file.startsWith("cli/output/")).sort()).toEqual([
      "cli/output/light.ts",
      "cli/output/package-info.ts",
    ]);
  });
});
