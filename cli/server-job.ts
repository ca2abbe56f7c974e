/**
 * One server to pull, generate or check, whether it came from flags or from a config file:
 * where it is, where its output goes and how to shape the generated code.
 */
import type { HttpTarget, StdioTarget } from "../runtime/connect.js";
import { createNameFilter, findUnmatchedPatterns } from "./config-name-filter.js";
import type { PulledContract } from "../templates/snapshot.js";
import { redactSecrets } from "./redact-contract.js";
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
  openInputTypes?: boolean | undefined;
  timeout?: number | undefined;
  /** Header and env values, URL tokens: masked if the server echoes them in its contract. */
  secrets?: readonly string[] | undefined;
}

/**
 * Masks secrets the server echoed, then applies include/exclude to everything a server offers (tools, prompts, static resources and
 * templates, by name) and warns about patterns and renames that match nothing, usually typos.
 */
export function filterContract(
  pulled: PulledContract,
  job: ServerJob,
  reporter: Reporter,
): PulledContract {
  const { contract, replaced } = redactSecrets(pulled, job.secrets ?? []);
  if (replaced > 0) {
    reporter.warn(
      `${job.label}: the server's contract repeats a secret you gave (a header, env or URL value) ${replaced} time(s); it is written as *** instead`,
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
      ...(job.openInputTypes === undefined ? {} : { openInputTypes: job.openInputTypes }),
    },
  };
}
