/**
 * The zod handed to generated validators is zod's own functions, nothing rewrapped: each member
 * is the very function `z` has, so validators behave exactly as they did when handed `z` itself.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validatorZod } from "../../../runtime/zod/validator-zod.js";

describe("validatorZod", () => {
  const { iso, ...functions } = validatorZod;

  it.each(Object.keys(functions))("z.%s is zod's own", (name) => {
    expect(functions[name as keyof typeof functions]).toBe(z[name as keyof typeof z]);
  });

  it.each(Object.keys(iso))("z.iso.%s is zod's own", (name) => {
    expect(iso[name as keyof typeof iso]).toBe(z.iso[name as keyof typeof z.iso]);
  });
});
