/**
 * The commands `program.ts` runs: pull, generate, check, init, logout.
 */
export { jobsFromConfig } from "./config-jobs.js";
export type { CommandContext } from "./context.js";
export { outputFolders, runGenerate } from "./generate.js";
export type { GenerateFlags } from "./generate.js";
export { authFromFlags, pullJob, runPull } from "./pull.js";
export type { PullFlags } from "./pull.js";
