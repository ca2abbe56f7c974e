/**
 * `convert_currency`: enums (currency codes), numeric bounds and a defaulted integer on the way
 * in; numbers and enums on the way out.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { EUR_RATES } from "./data.js";
import type { Currency } from "./data.js";
import { currency } from "./schemas.js";
import { jsonResult } from "./tool-results.js";

/** Largest amount `convert_currency` accepts, so results stay exact enough to round. */
export const MAX_AMOUNT = 1_000_000_000;

const convertInput = z.object({
  amount: z.number().min(0).max(MAX_AMOUNT).describe("Amount to convert, in the `from` currency"),
  from: currency.describe("Currency the amount is in"),
  to: currency.describe("Currency to convert to"),
  decimals: z
    .number()
    .int()
    .min(0)
    .max(4)
    .default(2)
    .describe("Decimal places of the converted amount"),
});

const convertOutput = z.object({
  from: currency,
  to: currency,
  amount: z.number().describe("The amount that was converted"),
  converted: z.number().describe("The amount in the `to` currency, rounded to `decimals`"),
  rate: z.number().positive().describe("Units of `to` per unit of `from`, six decimals"),
});

type ConvertOutput = z.infer<typeof convertOutput>;

/** Registers `convert_currency` on `server`. */
export function registerConvertCurrency(server: McpServer): void {
  server.registerTool(
    "convert_currency",
    {
      title: "Convert currency",
      description:
        "Converts an amount between two currencies at the demo's fixed exchange rates " +
        "(examples, not market rates).",
      inputSchema: convertInput,
      outputSchema: convertOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ amount, from, to, decimals }) => jsonResult(convert(amount, from, to, decimals)),
  );
}

/** Converts through the euro, the one currency every rate is quoted against. */
function convert(amount: number, from: Currency, to: Currency, decimals: number): ConvertOutput {
  const rate = EUR_RATES[to] / EUR_RATES[from];
  return { from, to, amount, converted: round(amount * rate, decimals), rate: round(rate, 6) };
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
