/**
 * Every generated tool of the golden cases and the example (test/golden/<case>/expected/tools,
 * examples/trip-planner/tools): its validators built by the runtime (the validator kit) and by
 * real zod (`zodValidators`, @mcp-codegen/runtime/zod) accept exactly the same values, for
 * values shaped by the tool's own input and output JSON Schemas, and random JSON.
 */
import fc from "fast-check";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { ToolSpec, Validator } from "../../../runtime/generated/index.js";
import { zodValidators } from "../../../runtime/zod/index.js";
import { valuesFor } from "../../templates/schema/value-arbitrary.js";

const ROOT = join(import.meta.dirname, "../../..");

/** The tool modules of every golden case written as TypeScript, and of the example. */
function toolFolders(): string[] {
  const golden = join(ROOT, "test/golden");
  const cases = readdirSync(golden, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(golden, entry.name, "expected/tools"));
  return [...cases, join(ROOT, "examples/trip-planner/tools")].filter((folder) => {
    try {
      return readdirSync(folder).some((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
    } catch {
      return false;
    }
  });
}

interface Binding {
  readonly spec: ToolSpec;
  readonly definition: { name: string; inputSchema: object; outputSchema?: object };
  validators(): { input: Validator; output?: Validator };
}

/** Whether `ref` resolves as value-arbitrary.ts resolves it (plain `#/a/b` pointers only). */
function resolves(root: unknown, ref: string): boolean {
  if (ref === "#") return true;
  if (!ref.startsWith("#/")) return false;
  let node: unknown = root;
  for (const key of ref.slice(2).split("/")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "object" || typeof node === "boolean";
}

/** A copy of `schema` without the references the value helper cannot follow (they become `{}`). */
function followable(schema: unknown, root: unknown = schema): unknown {
  if (Array.isArray(schema)) return schema.map((item) => followable(item, root));
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && (typeof value !== "string" || !resolves(root, value))) continue;
    Object.defineProperty(copy, key, {
      value: followable(value, root),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

const isBinding = (value: unknown): value is Binding =>
  typeof value === "object" && value !== null && "spec" in value && "definition" in value;

describe.each(toolFolders().map((folder) => [folder.slice(ROOT.length + 1), folder]))(
  "the validators of %s",
  (_name, folder) => {
    it("agree between the kit and zod on sample inputs and outputs", async () => {
      const files = readdirSync(folder).filter(
        (file) => file.endsWith(".ts") && !file.endsWith(".d.ts"),
      );
      let tools = 0;
      const outcomes = { passed: 0, failed: 0 };
      for (const file of files) {
        const module = (await import(pathToFileURL(join(folder, file)).href)) as Record<
          string,
          unknown
        >;
        for (const binding of Object.values(module).filter(isBinding)) {
          tools++;
          const kit = binding.validators();
          const zod = zodValidators(binding);
          const pairs: [Validator, { safeParse(value: unknown): { success: boolean } }, object][] =
            [[kit.input, zod.input, binding.definition.inputSchema]];
          if (
            kit.output !== undefined &&
            zod.output !== undefined &&
            binding.definition.outputSchema !== undefined
          )
            pairs.push([kit.output, zod.output, binding.definition.outputSchema]);
          expect(kit.output === undefined).toBe(zod.output === undefined);
          for (const [ours, theirs, schema] of pairs) {
            const shaped = followable(schema) as { [keyword: string]: unknown };
            const values = fc.sample(valuesFor(shaped), { numRuns: 40, seed: 23 });
            for (const value of values)
              outcomes[ours.safeParse(value).success ? "passed" : "failed"]++;
            const disagree = values.filter(
              (value) => ours.safeParse(value).success !== theirs.safeParse(value).success,
            );
            expect({ tool: binding.definition.name, disagree }).toEqual({
              tool: binding.definition.name,
              disagree: [],
            });
          }
        }
      }
      expect(tools).toBeGreaterThan(0);
      // Both outcomes were exercised, not only one.
      expect(outcomes.passed).toBeGreaterThan(0);
      expect(outcomes.failed).toBeGreaterThan(0);
    });
  },
);
