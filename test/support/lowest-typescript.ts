/**
 * The lowest TypeScript the README promises, installed on first use under .tmp/ rather than as a
 * devDependency: an aliased `typescript` package also links a `tsc` bin, and which of the two
 * `node_modules/.bin/tsc` points at would depend on install order.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import type ts from "typescript";
import { REPOSITORY_ROOT } from "./golden-cases.js";

export const LOWEST_TYPESCRIPT = "5.4.5";

const FOLDER = join(REPOSITORY_ROOT, ".tmp", `typescript-${LOWEST_TYPESCRIPT}`);

/** The compiler API of the lowest supported TypeScript (installing it once, from the registry). */
export async function loadLowestTypeScript(): Promise<typeof ts> {
  if (!existsSync(join(FOLDER, "node_modules", "typescript", "package.json"))) await install();
  const compiler = createRequire(join(FOLDER, "package.json"))("typescript") as typeof ts;
  if (compiler.version !== LOWEST_TYPESCRIPT) {
    throw new Error(
      `expected TypeScript ${LOWEST_TYPESCRIPT} in ${FOLDER}, found ${compiler.version}`,
    );
  }
  return compiler;
}

/** Installs into a fresh folder and renames it into place, so parallel test files cannot race. */
async function install(): Promise<void> {
  await mkdir(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
  const staging = await mkdtemp(`${FOLDER}-staging-`);
  await writeFile(join(staging, "package.json"), JSON.stringify({ private: true }));
  await promisify(execFile)(
    "npm",
    ["install", `typescript@${LOWEST_TYPESCRIPT}`, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: staging },
  );
  try {
    await rename(staging, FOLDER);
  } catch (error) {
    // Another test file installed it first: theirs is as good as ours.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(FOLDER)) throw error;
  }
}
