/**
 * `@mcp-codegen/runtime/zod`: a generated tool's validators as real zod schemas, built from the
 * same spec the runtime builds with its kit; a hand-made model tool has none.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, describeTools } from "../../../runtime/generated/index.js";
import { zodInputSchema, zodValidators } from "../../../runtime/zod/index.js";

const binding = defineTool<{ city: string }, unknown>({
  definitionJson: JSON.stringify({
    name: "weather",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    outputSchema: { type: "object", properties: { temp: { type: "number" } } },
  }),
  validators: (z) => ({
    input: z.strictObject({ city: z.string().min(1) }),
    output: z.looseObject({ temp: z.number().optional() }),
  }),
});

describe("zodValidators", () => {
  it("builds the tool's validators with zod: zod schemas that judge as the kit's do", () => {
    const { input, output } = zodValidators(binding);
    expect(input).toBeInstanceOf(z.ZodType);
    expect(output).toBeInstanceOf(z.ZodType);
    expect(binding.validators().input).not.toBeInstanceOf(z.ZodType);
    for (const value of [{ city: "Oslo" }, { city: "" }, { city: "Oslo", x: 1 }, {}])
      expect(input.safeParse(value).success).toBe(
        binding.validators().input.safeParse(value).success,
      );
    expect(z.toJSONSchema(input)).toMatchObject({ properties: { city: { type: "string" } } });
  });
});

describe("zodInputSchema", () => {
  it("gives a model tool's input as a zod schema", () => {
    const [tool] = describeTools({ weather: binding });
    const schema = zodInputSchema(tool!);
    expect(schema).toBeInstanceOf(z.ZodType);
    expect(schema.safeParse({ city: "Oslo" }).success).toBe(true);
    expect(schema.safeParse({ city: 1 }).success).toBe(false);
  });

  it("refuses a hand-made entry, which has no generated spec", () => {
    expect(() => zodInputSchema({ name: "hand-made", spec: undefined })).toThrow(
      /tool "hand-made" has no generated spec/,
    );
  });
});
