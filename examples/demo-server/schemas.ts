/** Zod schemas several demo tools share. */
import { z } from "zod";
import { CURRENCIES } from "./data.js";

/** A calendar date, `YYYY-MM-DD` (JSON Schema `format: "date"`). */
export const isoDate = z.iso.date();

/** A currency code from the demo's fixed list (a JSON Schema `enum`). */
export const currency = z.enum(CURRENCIES);

/** An amount of money in a given currency. */
export const money = z.object({
  amount: z.number().min(0).describe("Amount, rounded to cents"),
  currency,
});
