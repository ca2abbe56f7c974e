/**
 * The document `check --json` / `--format sarif` prints when commander refuses the command line
 * (exit 2), so a CI step that parses stdout still gets a document. Apart from check-report.ts
 * and check-sarif.ts because it needs both, and the SARIF builder reads the report's types.
 */
import { CHECK_REPORT_VERSION, checkReportText, documentText } from "./check-report.js";
import { checkSarifLog } from "./check-sarif.js";
import { ExitCode } from "../terminal/index.js";

/** The document (JSON or SARIF) for a command line commander refused (exit 2), from its message. */
export function usageErrorText(
  commanderMessage: string,
  format: "json" | "sarif" = "json",
  cwd = process.cwd(),
): string {
  const message = commanderMessage
    .replace(/^error: /, "")
    .replace(/\s*\n\s*/g, " ")
    .trim();
  const exitCode = ExitCode.Usage;
  if (format === "sarif")
    return documentText(checkSarifLog([], cwd, { exitCode, error: message }), (text) => text);
  return checkReportText(
    { version: CHECK_REPORT_VERSION, ok: false, error: { message, exitCode } },
    (text) => text,
  );
}
