/**
 * The programmatic API, for build plugins (Vite, webpack, Nx) and scripts: `pull`, `generate`,
 * `writeFiles` and `check`. Each loads its modules when called, so importing the package stays cheap: the
 * runtime, the generator and prettier load on the first call, never at import.
 */
import type { Snapshot } from "../../templates/index.js";
import type { McpCodegenConfig } from "../config/index.js";
import type { FileDifference, WriteStats } from "../output/index.js";
import type {
  ConfigGenerateResult,
  GenerateOptions,
  GenerateResult,
  OutputFile,
} from "./generate.js";
import type { PullOptions } from "./pull.js";
import type { PullTarget } from "./target.js";

/**
 * Connects to a server and returns its snapshot: the object `mcp-codegen pull` writes to
 * `mcp.snapshot.json`, after `include`, `exclude` and `rename`, with every secret the target
 * holds (credential-named headers and env values, URL credentials, tokens learned by OAuth)
 * masked as `***` wherever the server echoed it in prose. Writes no file and prints nothing: a
 * stdio server's stderr is captured (its end is quoted if the server exits), and warnings go to
 * `options.onWarning`.
 *
 * Authorization for an HTTP target, in this order: an `Authorization` header in
 * `target.headers`; `auth.bearerToken` (or `MCP_CODEGEN_BEARER_TOKEN` in `auth.env`);
 * `auth.clientCredentials` (the OAuth client credentials grant); otherwise OAuth with the tokens
 * in the token store (a sign-in made once with `mcp-codegen pull` on a terminal is reused and
 * refreshed). When those do not suffice and a user must sign in, `auth.redirect` is used if given
 * (e.g. `loopbackRedirect()` from `@mcp-codegen/runtime/node/auth`); without it no browser is
 * opened and the pull fails with a `CliError` (exit code 3) saying which options would work.
 *
 * @throws CliError with the message the command prints, and its `exitCode`: 2 for a target or
 * option that is wrong, 3 when the server cannot be reached or fails, 4 when its contract cannot
 * be used (or, under `strict`, when an entry had to be left out).
 */
export async function pull(target: PullTarget, options: PullOptions = {}): Promise<Snapshot> {
  const { pullSnapshot } = await import("./pull.js");
  return pullSnapshot(target, options);
}

/**
 * The files of an output folder, in memory: exactly the bytes `mcp-codegen generate` writes for
 * this snapshot (the generated client, `mcp.snapshot.json` with its file list, and a vendored
 * runtime if the snapshot asks for one). Nothing is read or written.
 * @throws CliError: exit code 2 for a value that is not a valid snapshot; 4 under `strict` when
 * generation warns (the first warning is the message, the others go to `onWarning`).
 */
export async function generate(
  snapshot: Snapshot,
  options?: GenerateOptions,
): Promise<GenerateResult>;
/**
 * Every server of a config, each from the `mcp.snapshot.json` already in its output folder (as
 * `mcp-codegen generate` does with a config; nothing connects). Output folders resolve from
 * `options.cwd`, as they would from a config file there. `files` paths are relative to `cwd`;
 * `outputs` has each server's files relative to its `out`, ready for `writeFiles`.
 * @throws CliError: exit code 2 for an invalid config or a missing snapshot; 4 under `strict`
 * (or the config's `strict: true`) when generation warns.
 */
export async function generate(
  config: McpCodegenConfig,
  options?: GenerateOptions,
): Promise<ConfigGenerateResult>;
export async function generate(
  input: Snapshot | McpCodegenConfig,
  options: GenerateOptions = {},
): Promise<GenerateResult | ConfigGenerateResult> {
  const { generateConfig, generateSnapshot } = await import("./generate.js");
  return isConfig(input) ? generateConfig(input, options) : generateSnapshot(input, options);
}

/**
 * Writes `generate()`'s files into `out` as the command does: only files whose bytes changed,
 * stale generated files (listed by the folder's previous snapshot) removed, and nothing written
 * if any target path holds a file mcp-codegen did not generate.
 * @throws CliError (exit code 2) naming such a file, or a symbolic link inside `out`.
 */
export async function writeFiles(out: string, files: readonly OutputFile[]): Promise<WriteStats> {
  const { writeOutputFiles } = await import("./write-files.js");
  return writeOutputFiles(out, files);
}

/**
 * What differs between `generate()`'s files and the folder `out`, as `mcp-codegen check` reports
 * it: each file that is `missing`, `changed`, or `extra` (generated before, listed by the
 * folder's snapshot, no longer produced), in path order. Empty when the folder is up to date.
 * Nothing is written; a symbolic link where a file belongs counts as changed.
 */
export async function check(out: string, files: readonly OutputFile[]): Promise<FileDifference[]> {
  const { checkOutputFiles } = await import("./check-files.js");
  return checkOutputFiles(out, files);
}

/** A config has `servers`; a snapshot has `formatVersion` and no `servers`. */
function isConfig(input: Snapshot | McpCodegenConfig): input is McpCodegenConfig {
  return (
    typeof input === "object" && input !== null && "servers" in input && !("formatVersion" in input)
  );
}
