/**
 * `writeFiles()`: what `generate()` returned, written into an output folder under the command's
 * rules (only changed files written, stale generated files removed, a user's own file never
 * overwritten).
 */
import { resolve } from "node:path";
import { writeOutput, type WriteStats } from "../output/index.js";
import type { OutputFile } from "./generate.js";

export async function writeOutputFiles(
  out: string,
  files: readonly OutputFile[],
): Promise<WriteStats> {
  return writeOutput(resolve(out), files);
}
