/**
 * Reading a snapshot file and generating its files in memory: shared by `generate` and `check`.
 */
import { readFile } from "node:fs/promises";
import {
  formatWarning,
  generateOutput,
  parseSnapshot,
  SnapshotError,
  type GeneratedFile,
  type GenerationCache,
  type Snapshot,
} from "../templates/index.js";
import { CliError, ExitCode } from "./exit-codes.js";
import { reportGenerationWarnings, type WarningPolicy } from "./generation-warnings.js";
import { PACKAGE_VERSION } from "./package-info.js";
import { vendoredRuntimeFiles } from "./vendored-runtime.js";

export async function readSnapshotFile(path: string, label: string): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new CliError(
        `${label}: no snapshot at ${path}; run \`mcp-codegen pull\` first`,
        ExitCode.Usage,
      );
    }
    throw error;
  }
  try {
    return parseSnapshot(text, label);
  } catch (error) {
    if (error instanceof SnapshotError)
      throw new CliError(error.message, ExitCode.Usage, { cause: error });
    throw error;
  }
}

/**
 * Every file of the output folder for this snapshot, vendored runtime included, after reporting
 * what generating it warned about (which, under `strict`, throws exit 4 before any file exists).
 */
export async function renderOutput(
  snapshot: Snapshot,
  label: string,
  policy: WarningPolicy,
  cache?: GenerationCache,
): Promise<RenderedOutput> {
  // Generation does not throw for what a server sent: what it cannot type, it warns about.
  const vendored = snapshot.codegen?.runtime === "vendored" ? await vendoredRuntimeFiles() : [];
  const { files, warnings } = await generateOutput(snapshot, {
    generatorVersion: PACKAGE_VERSION,
    ...(cache === undefined ? {} : { cache }),
    extraFiles: vendored,
  });
  reportGenerationWarnings(label, warnings, policy);
  return { files, warnings: warnings.map(formatWarning) };
}

/** The folder's files, and the warnings generating them gave, as printed. */
export interface RenderedOutput {
  files: GeneratedFile[];
  warnings: string[];
}
