/**
 * The lowest TypeScript the README promises, installed on first use under .tmp/ rather than as a
 * devDependency: an aliased `typescript` package also links a `tsc` bin, and which of the two
 * `node_modules/.bin/tsc` points at would depend on install order.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type ts from "typescript";
import { toolOnFirstUse } from "./tool-on-first-use.js";

export const LOWEST_TYPESCRIPT = "5.4.5";

/** The compiler API of the lowest supported TypeScript (installing it once, from the registry). */
export async function loadLowestTypeScript(): Promise<typeof ts> {
  const folder = await toolOnFirstUse("typescript", LOWEST_TYPESCRIPT);
  const compiler = createRequire(join(folder, "package.json"))("typescript") as typeof ts;
  if (compiler.version !== LOWEST_TYPESCRIPT) {
    throw new Error(
      `expected TypeScript ${LOWEST_TYPESCRIPT} in ${folder}, found ${compiler.version}`,
    );
  }
  return compiler;
}
