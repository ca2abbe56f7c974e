/**
 * Which servers a command runs on: a job from flags or a config entry, selection by name,
 * `pull`'s flags and positional words.
 */
export { filterContract } from "./server-job.js";
export type { ServerJob } from "./server-job.js";
export { noConfigForNamesError, serverSelector } from "./server-selection.js";
export { commandLabel, parseEnv, parseHeader, resolveTarget } from "./target-flags.js";
export type { ResolvedTarget, TargetFlags } from "./target-flags.js";
