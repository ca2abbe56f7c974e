/**
 * One server to pull, generate or check, whether it came from flags or from a config file:
 * where it is, where its output goes and how to shape the generated code.
 */
import type { ClientNeed, HttpTarget, StdioTarget } from "@mcp-codegen/runtime";
import type { AuthChoice } from "../auth/index.js";
import { createNameFilter, findUnmatchedPatterns, type ProtocolChoice } from "../config/index.js";
import type { PulledContract } from "../../templates/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { redactSecrets } from "../pull/index.js";
import type { Secret } from "../secrets/index.js";
import type { EntryValues, RegistrySource, ServerOrigin } from "../registry/index.js";
import type { Reporter } from "../terminal/index.js";

export interface ServerJob {
  /** For messages: a config key, a command line, or a URL without secrets. */
  label: string;
  target: StdioTarget | HttpTarget | undefined;
  /** Absolute output folder. */
  out: string;
  /** `--name`; otherwise the config key, otherwise the server's own name. */
  name?: string | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  rename?: Record<string, string> | undefined;
  runtime?: "package" | "vendored" | undefined;
  openInputTypes?: boolean | undefined;
  /** `--import-extension`/`importExtension`: what relative imports in generated code end with. */
  importExtension?: "js" | "ts" | undefined;
  /** `--emit`/`emit`: `.ts` modules (default), or `.js` with `.d.ts` beside each. */
  emit?: "ts" | "js+dts" | undefined;
  /** Recorded in the snapshot: write the agent pack under `agent/`. */
  agent?: boolean | undefined;
  timeout?: number | undefined;
  /** `--protocol`/`protocol`: `auto` (default) or a pinned version. */
  protocol?: ProtocolChoice | undefined;
  /** `--capabilities`/`capabilities`: the client capabilities to declare (default: all). */
  capabilities?: readonly ClientNeed[] | undefined;
  /** `--strict` or `strict: true`: a generation warning fails the pull (exit 4). */
  strict?: boolean | undefined;
  /** How to authenticate to an HTTP server (client credentials, token store, reauthorize). */
  auth?: AuthChoice | undefined;
  /** Credentials among the header and env values, URL parts and arguments. */
  secrets?: readonly Secret[] | undefined;
  /**
   * A config server of the MCP registry: fetched when pulled, which fills `target` (so `target`
   * is undefined until then).
   */
  registry?: (RegistrySource & { values: EntryValues }) | undefined;
  /** The registry entry the server came from, recorded in the snapshot. */
  origin?: ServerOrigin | undefined;
}

/**
 * Applies include/exclude to everything a server offers (tools, prompts, static resources and
 * templates, by name) and warns about patterns and renames that match nothing, usually typos.
 * Then masks secrets the server echoed in prose (with a warning naming where the user gave them)
 * and refuses a contract that echoes one in a name, key, enum or const value (exit 4: rewriting
 * it would break every call, keeping it would write the secret). Filtering comes first, so
 * excluding the tool that echoes a secret is a way out.
 */
export function filterContract(
  pulled: PulledContract,
  job: ServerJob,
  reporter: Reporter,
): PulledContract {
  const keep = createNameFilter({ include: job.include, exclude: job.exclude });
  const names = [
    ...pulled.tools.map((t) => t.name),
    ...pulled.prompts.map((p) => p.name),
    ...pulled.resources.map((r) => r.name),
    ...pulled.resourceTemplates.map((t) => t.name),
  ];
  const patterns = [
    ...(job.include ?? []),
    ...(job.exclude ?? []),
    ...Object.keys(job.rename ?? {}),
  ];
  for (const pattern of findUnmatchedPatterns(patterns, names)) {
    reporter.warn(
      `${job.label}: ${JSON.stringify(pattern)} matches no tool, prompt or resource of this server`,
    );
  }
  const filtered: PulledContract = {
    ...pulled,
    tools: pulled.tools.filter((t) => keep(t.name)),
    prompts: pulled.prompts.filter((p) => keep(p.name)),
    resources: pulled.resources.filter((r) => keep(r.name)),
    resourceTemplates: pulled.resourceTemplates.filter((t) => keep(t.name)),
  };
  const { contract, replaced, sources, collisions } = redactSecrets(filtered, job.secrets ?? []);
  const [collision] = collisions;
  if (collision !== undefined) {
    throw new CliError(
      `${job.label}: the server's contract contains the secret from ${collision.source} in ${collision.place}; names, keys, enum and const values are never rewritten, so nothing was written (exclude that tool, or if the value is no secret, pass it unmarked under a name without token, key, secret or password)`,
      ExitCode.Contract,
    );
  }
  if (replaced > 0) {
    reporter.warn(
      `${job.label}: the server's contract repeats the secret from ${sources.join(", ")} ${replaced} time(s); it is written as *** instead`,
    );
  }
  return {
    ...contract,
    ...(job.origin === undefined ? {} : { origin: job.origin }),
    codegen: {
      ...(job.runtime === undefined ? {} : { runtime: job.runtime }),
      ...(job.rename === undefined ? {} : { rename: job.rename }),
      ...(job.openInputTypes === undefined ? {} : { openInputTypes: job.openInputTypes }),
      ...(job.importExtension === undefined ? {} : { importExtension: job.importExtension }),
      ...(job.emit === undefined ? {} : { emit: job.emit }),
      ...(job.agent === undefined ? {} : { agent: job.agent }),
    },
  };
}
