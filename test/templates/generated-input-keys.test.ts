/**
 * Tool input types admit only the declared arguments unless the schema says otherwise, so a
 * misspelt argument does not compile; `codegen.openInputTypes` in the snapshot (from
 * `--open-input-types` or the config) restores the open types, and `generate` reproduces it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFiles } from "../../templates/generate.js";
import { serializeSnapshot, type CodegenOptions, type Snapshot } from "../../templates/snapshot.js";
import { parseSnapshot } from "../../templates/snapshot-parse.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

const COMPILE_TIMEOUT = 120_000;

function snapshotWith(codegen: CodegenOptions | undefined): Snapshot {
  const round = {
    name: "round",
    inputSchema: {
      type: "object" as const,
      properties: { amount: { type: "number" }, decimals: { type: "integer" } },
      required: ["amount"],
    },
    outputSchema: { type: "object" as const, properties: { value: { type: "number" } } },
  };
  return toolsSnapshot("money", [round], { codegen });
}

describe("input keys the schema does not declare", () => {
  let dir = "";

  beforeAll(() => {
    assertRuntimeBuilt();
    mkdirSync(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
    dir = mkdtempSync(join(REPOSITORY_ROOT, ".tmp", "generated-input-keys-"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function write(folder: string, codegen: CodegenOptions | undefined): Promise<string[]> {
    const files = await generateFiles(snapshotWith(codegen), { generatorVersion: "0.0.0-test" });
    return files.flatMap((file) => {
      const path = join(dir, folder, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
      return path.endsWith(".ts") ? [path] : [];
    });
  }

  it(
    "are a compile error by default, and compile with openInputTypes; outputs stay open",
    async () => {
      const roots = [
        ...(await write("closed", undefined)),
        ...(await write("open", { openInputTypes: true })),
      ];
      const use = (folder: string, lines: readonly string[]): string => {
        const path = join(dir, `use-${folder}.ts`);
        writeFileSync(
          path,
          [
            'import type { McpClient } from "@mcp-codegen/runtime";',
            `import { round, type RoundOutput } from "./${folder}/index.js";`,
            "declare const client: McpClient;",
            "export const ok = round(client, { amount: 1, decimals: 2 });",
            ...lines,
            "// Outputs stay open: a server may add fields.",
            "export const extra: RoundOutput = { value: 1, currency: 'EUR' };",
          ].join("\n"),
        );
        return path;
      };
      roots.push(
        use("closed", [
          "// @ts-expect-error -- decimal is not decimals",
          "export const typo = round(client, { amount: 1, decimal: 2 });",
        ]),
        use("open", ["export const typo = round(client, { amount: 1, decimal: 2 });"]),
      );
      for (const { options } of GENERATED_CODE_CONFIGS)
        expect(typecheck(roots, options)).toEqual([]);
    },
    COMPILE_TIMEOUT,
  );

  it("keeps the choice in the snapshot, and only when it is not the default", () => {
    const open = snapshotWith({ openInputTypes: true });
    expect(open.codegen).toEqual({ openInputTypes: true });
    expect(parseSnapshot(serializeSnapshot(open), "test").codegen).toEqual({
      openInputTypes: true,
    });
    expect(snapshotWith({ openInputTypes: false }).codegen).toBeUndefined();
  });
});
