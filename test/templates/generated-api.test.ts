/**
 * Generated code imports only what runtime/generated-api.ts lists: the one versioned place that
 * says what the runtime owes generated code. Checked over every golden output and the example.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as generatedApi from "../../runtime/generated-api.js";

const ROOT = join(import.meta.dirname, "../..");

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "runtime" ? [] : typeScriptFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Names imported from the runtime, type-only and aliased ones included. */
function runtimeImports(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import \{([^}]*)\} from "@mcp-codegen\/runtime";/g)) {
    for (const part of match[1]!.split(",")) {
      // `connect as connect$`: the imported name is the first one.
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .replace(/\s+as\s+\S+$/, "");
      if (name !== "") names.push(name);
    }
  }
  return names;
}

/** Type names generated-api.ts re-exports (types leave no trace in the module object). */
function exportedTypeNames(): Set<string> {
  const source = readFileSync(join(ROOT, "runtime/generated-api.ts"), "utf8");
  const names = new Set<string>();
  for (const match of source.matchAll(/export type \{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) names.add(part.trim());
  }
  return names;
}

describe("the runtime API generated code uses", () => {
  it("is listed in runtime/generated-api.ts", () => {
    const allowed = new Set([...Object.keys(generatedApi), ...exportedTypeNames()]);
    const folders = [
      join(ROOT, "examples/trip-planner"),
      ...readdirSync(join(ROOT, "test/golden"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(ROOT, "test/golden", entry.name, "expected")),
    ];
    const used = new Set(
      folders
        .flatMap(typeScriptFiles)
        .flatMap((file) => runtimeImports(readFileSync(file, "utf8"))),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !allowed.has(name)).sort()).toEqual([]);
  });
});
