/**
 * Contract drift for `mcp-codegen check --live`, as the rest of the CLI sees it: two snapshots
 * in, a classified report out (report.ts), built from the entity comparisons (contract.ts) and
 * the JSON Schema comparison (schema.ts, keywords.ts, variants.ts, refs.ts); and what `check`
 * prints of it: the --json report (check-report.ts) and the SARIF log (check-sarif.ts). Files
 * outside cli/drift/ import only from here.
 */
export {
  classifyDrift,
  DRIFT_SEVERITIES,
  formatDriftReport,
  type ClassifiedChange,
  type DriftChange,
  type DriftEntity,
  type DriftReport,
  type DriftSeverity,
} from "./report.js";

// For the rest of the package (other folders import only this file).
export {
  CHECK_REPORT_VERSION,
  checkReportText,
  documentText,
  driftLists,
  failureExitCode,
  fileLists,
  serverFails,
} from "./check-report.js";
export type { CheckServerReport } from "./check-report.js";
export { checkSarifLog } from "./check-sarif.js";
