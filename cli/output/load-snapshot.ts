/**
 * Reading a snapshot file and generating its files in memory: shared by `generate` and `check`.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import {
  formatWarning,
  generateOutput,
  parseSnapshot,
  SnapshotError,
  type GeneratedFile,
  type GenerationCache,
  type Snapshot,
} from "../../templates/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { reportGenerationWarnings, type WarningPolicy } from "./generation-warnings.js";
import { PACKAGE_VERSION } from "./package-info.js";
import { renderInWorkers } from "./render-pool.js";
import { SNAPSHOT_FILE } from "./snapshot-file.js";
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
    if (!(error instanceof SnapshotError)) throw error;
    // Only a file that is no snapshot is parsed a second time, to say which file was meant: a
    // snapshot is megabytes for a large server. A valid snapshot always has a formatVersion.
    const wrongFile = notASnapshotFile(path, label, text);
    if (wrongFile !== undefined) throw new CliError(wrongFile, ExitCode.Usage);
    throw new CliError(error.message, ExitCode.Usage, { cause: error });
  }
}

/**
 * Says so when `path` is some other file (`--snapshot src/mcp/notes/index.ts`), rather than
 * letting it fail as a broken snapshot: not JSON and not named `.json`, or JSON without the
 * snapshot's `formatVersion`. Names the snapshot of the same folder, the one usually meant.
 */
function notASnapshotFile(path: string, label: string, text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // A .json file that does not parse is a damaged snapshot: parseSnapshot says how to fix it.
    if (extname(path).toLowerCase() === ".json") return undefined;
  }
  if (typeof value === "object" && value !== null && "formatVersion" in value) return undefined;
  // The label is the path as the user gave it (generate --snapshot) or a server's name (config).
  const shown = path.endsWith(label) ? label : path;
  const expected = join(dirname(shown), SNAPSHOT_FILE);
  const prefix = shown === label ? "" : `${label}: `;
  const what = `${prefix}${shown} is not a snapshot file: a snapshot is the ${SNAPSHOT_FILE} that \`mcp-codegen pull\` writes into the output folder`;
  if (basename(shown) === SNAPSHOT_FILE || !existsSync(join(dirname(path), SNAPSHOT_FILE))) {
    return `${what}; run \`mcp-codegen pull\` to write ${expected}`;
  }
  return `${what}; use ${expected}`;
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
  onFile?: (file: GeneratedFile) => void,
): Promise<RenderedOutput> {
  // Generation does not throw for what a server sent: what it cannot type, it warns about.
  const vendored = snapshot.codegen?.runtime === "vendored" ? await vendoredRuntimeFiles() : [];
  const { files, warnings } = await generateOutput(snapshot, {
    generatorVersion: PACKAGE_VERSION,
    ...(cache === undefined ? {} : { cache }),
    extraFiles: vendored,
    // A large catalog's modules render on worker threads too; the bytes are the same.
    renderer: renderInWorkers,
    ...(onFile === undefined ? {} : { onFile }),
  });
  reportGenerationWarnings(label, warnings, policy);
  return { files, warnings: warnings.map(formatWarning) };
}

/** The folder's files, and the warnings generating them gave, as printed. */
export interface RenderedOutput {
  files: GeneratedFile[];
  warnings: string[];
}
