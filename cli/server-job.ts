/**
 * One server to pull, generate or check, whether it came from flags or from a config file:
 * where it is, where its output goes and how to shape the generated code.
 */
import type { HttpTarget, StdioTarget } from "../runtime/connect.js";
import { createNameFilter, findUnmatchedPatterns } from "./config-name-filter.js";
import type { PulledContract } from "../templates/snapshot.js";
import { CliError, ExitCode } from "./exit-codes.js";
import { redactSecrets } from "./redact-contract.js";
import type { Secret } from "./secret-sources.js";
import type { Reporter } from "./reporter.js";

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
  timeout?: number | undefined;
  /** Credentials among the header and env values, URL parts and arguments. */
  secrets?: readonly Secret[] | undefined;
}

/**
 * Masks secrets the server echoed in prose (with a warning naming where the user gave them),
 * refuses a contract that echoes one in a name, key, enum or const value (exit 4: rewriting it
 * would break every call, keeping it would write the secret), then applies include/exclude to everything a server offers (tools, prompts, static resources and
 * templates, by name) and warns about patterns and renames that match nothing, usually typos.
 */
export function filterContract(
  pulled: PulledContract,
  job: ServerJob,
  reporter: Reporter,
): PulledContract {
  const { contract, replaced, sources, collisions } = redactSecrets(pulled, job.secrets ?? []);
  const [collision] = collisions;
  if (collision !== undefined) {
    throw new CliError(
      `${job.label}: the server's contract contains the secret from ${collision.source} in ${collision.place}; names, keys, enum and const values are never rewritten, so nothing was written (if the value is not a secret, pass it with --env/--header without marking it, or rename the variable)`,
      ExitCode.Contract,
    );
  }
  if (replaced > 0) {
    reporter.warn(
      `${job.label}: the server's contract repeats the secret from ${sources.join(", ")} ${replaced} time(s); it is written as *** instead`,
    );
  }
  const keep = createNameFilter({ include: job.include, exclude: job.exclude });
  const names = [
    ...contract.tools.map((t) => t.name),
    ...contract.prompts.map((p) => p.name),
    ...contract.resources.map((r) => r.name),
    ...contract.resourceTemplates.map((t) => t.name),
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
  return {
    ...contract,
    tools: contract.tools.filter((t) => keep(t.name)),
    prompts: contract.prompts.filter((p) => keep(p.name)),
    resources: contract.resources.filter((r) => keep(r.name)),
    resourceTemplates: contract.resourceTemplates.filter((t) => keep(t.name)),
    codegen: {
      ...(job.runtime === undefined ? {} : { runtime: job.runtime }),
      ...(job.rename === undefined ? {} : { rename: job.rename }),
    },
  };
}
