/**
 * `check()`: `generate()`'s files compared with an output folder, as `mcp-codegen check` compares
 * them; nothing is written.
 */
import { resolve } from "node:path";
import { compareOutput, type FileDifference } from "../output/index.js";
import type { OutputFile } from "./generate.js";

export async function checkOutputFiles(
  out: string,
  files: readonly OutputFile[],
): Promise<FileDifference[]> {
  return compareOutput(resolve(out), files);
}
