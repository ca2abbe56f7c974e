/**
 * `generate()`: the files `mcp-codegen generate` writes, in memory. Same renderer, same bytes,
 * nothing written, nothing printed, no generation cache (it lives on disk).
 */
import { join, relative, resolve, sep } from "node:path";
import { parseSnapshot, SnapshotError, type Snapshot } from "../../templates/index.js";
import { ConfigError, outputFoldersOf, type McpCodegenConfig } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { readSnapshotFile, renderOutput } from "../output/index.js";
import { createSecretMasker } from "../secrets/index.js";
import { createApiReporter, type WarningHandler } from "./warnings.js";

/** One file of an output folder. */
export interface OutputFile {
  /** `/`-separated; relative to the output folder (to `cwd` in `generate(config).files`). */
  path: string;
  /** Exactly the text the command writes. */
  content: string;
}

export interface GenerateOptions {
  /**
   * Throw on the first generation warning (a schema part typed as `unknown`, a check left out),
   * as `--strict` does: a `CliError` with exit code 4. A config's `strict: true` applies too.
   */
  strict?: boolean | undefined;
  /** How warnings and errors name a snapshot's output (default: `"snapshot"`). */
  label?: string | undefined;
  /** The folder a config's relative `out` paths resolve from (default: `process.cwd()`). */
  cwd?: string | undefined;
  /** Each warning as it is found, as the command prints it after `warning: `. */
  onWarning?: WarningHandler | undefined;
}

/** What generating one snapshot gives. */
export interface GenerateResult {
  /** Every file of the output folder, `mcp.snapshot.json` included, in path order. */
  files: OutputFile[];
  /** Every generation warning, `<label>: <warning>`, as the command prints them. */
  warnings: string[];
}

/** One server's output in `generate(config)`. */
export interface ServerOutput extends GenerateResult {
  /** The server's key in the config. */
  name: string;
  /** Its absolute output folder; `files` paths are relative to it. */
  out: string;
}

/** What generating every server of a config gives. */
export interface ConfigGenerateResult extends GenerateResult {
  /** Per server, in config order, with paths relative to its `out`. */
  outputs: ServerOutput[];
}

export async function generateSnapshot(
  snapshot: Snapshot,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const label = options.label ?? "snapshot";
  return render(checkedSnapshot(snapshot, label), label, options.strict === true, options);
}

export async function generateConfig(
  config: McpCodegenConfig,
  options: GenerateOptions,
): Promise<ConfigGenerateResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  let folders: ReturnType<typeof outputFoldersOf>;
  try {
    folders = outputFoldersOf(config, cwd, "config");
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new CliError(error.message, ExitCode.Usage, { cause: error });
    }
    throw error;
  }
  const outputs: ServerOutput[] = [];
  for (const folder of folders) {
    const snapshot = await readSnapshotFile(join(folder.out, "mcp.snapshot.json"), folder.name);
    const strict = options.strict === true || folder.strict;
    const result = await render(snapshot, folder.name, strict, options);
    outputs.push({ name: folder.name, out: folder.out, ...result });
  }
  const prefix = (out: string) => {
    const path = relative(cwd, out).split(sep).join("/");
    return path === "" ? "" : `${path}/`;
  };
  return {
    files: outputs.flatMap((output) =>
      output.files.map((file) => ({
        path: `${prefix(output.out)}${file.path}`,
        content: file.content,
      })),
    ),
    warnings: outputs.flatMap((output) => output.warnings),
    outputs,
  };
}

/**
 * The snapshot as the command would read it back from its file: the same checks, and nothing
 * that JSON would not keep (an `undefined` field, a prototype), so the bytes match.
 */
function checkedSnapshot(snapshot: Snapshot, label: string): Snapshot {
  let text: string | undefined;
  try {
    text = JSON.stringify(snapshot);
  } catch (error) {
    throw new CliError(`${label}: the snapshot is not JSON: ${String(error)}`, ExitCode.Usage, {
      cause: error,
    });
  }
  if (text === undefined) {
    throw new CliError(
      `${label}: the snapshot is not JSON; pass what pull() returned`,
      ExitCode.Usage,
    );
  }
  try {
    return parseSnapshot(text, label);
  } catch (error) {
    if (error instanceof SnapshotError) {
      throw new CliError(error.message, ExitCode.Usage, { cause: error });
    }
    throw error;
  }
}

async function render(
  snapshot: Snapshot,
  label: string,
  strict: boolean,
  options: GenerateOptions,
): Promise<GenerateResult> {
  // Generation never sees a secret (the snapshot holds none): nothing to mask.
  const reporter = createApiReporter(createSecretMasker(), options.onWarning);
  const { files, warnings } = await renderOutput(snapshot, label, { reporter, strict });
  return {
    files: files.map((file) => ({ path: file.path, content: file.content })),
    warnings: warnings.map((warning) => `${label}: ${warning}`),
  };
}
