/**
 * Generating a snapshot's files into an output folder: loading snapshots, the generation
 * cache, unchanged runs, vendoring the runtime, writing and dry runs, the package's own info.
 */
export { describePlan, previewOf, reportPlan } from "./dry-run.js";
export type { Preview } from "./dry-run.js";
export { MAX_WARNING_LINES } from "./generation-warnings.js";
export { readSnapshotFile, renderOutput } from "./load-snapshot.js";
export { compareOutput, writeOutput, writeReplacing } from "./output-files.js";
export type { FileDifference, WriteStats } from "./output-files.js";
export { createPathInspector } from "./output-paths.js";
export { PACKAGE_VERSION } from "./package-info.js";
export { warmRenderWorkers } from "./render-pool.js";
export { runKey, unchangedRun } from "./unchanged-run.js";
export { describeWrite, planGenerated, writeGenerated } from "./write-generated.js";
