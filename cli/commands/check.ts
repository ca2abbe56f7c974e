/**
 * `mcp-codegen check`: regenerate in memory and compare with the files on disk; `--live` also
 * pulls the server and classifies how its contract moved since the snapshot. The findings are
 * gathered per server (check-report.ts), then printed as lines for people or, with `--json`
 * (`--format json`) or `--format sarif`, as one document for CI tools.
 */
import {
  classifyDrift,
  formatDriftReport,
  type DriftReport,
  type DriftSeverity,
} from "../drift/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { readSnapshotFile, renderOutput } from "../output/index.js";
import { compareOutput, type FileDifference } from "../output/index.js";
import type { Reporter } from "../terminal/index.js";
import type { ServerJob } from "../jobs/index.js";
import { createSnapshot, type Snapshot } from "../../templates/index.js";
import {
  CHECK_REPORT_VERSION,
  checkReportText,
  documentText,
  driftLists,
  failureExitCode,
  fileLists,
  serverFails,
  type CheckServerReport,
} from "../drift/index.js";
import { checkSarifLog } from "../drift/index.js";
import { joinCommandLine } from "../terminal/index.js";
import { toTerminalLine } from "../terminal/index.js";
import { outputFolders, type OutputFolder } from "./generate.js";
import type { CommandContext } from "./context.js";

export interface CheckFlags {
  live?: boolean | undefined;
  snapshot?: string | undefined;
  out?: string | undefined;
  config?: string | undefined;
  /** Generation warnings fail the check (exit 4). */
  strict?: boolean | undefined;
  /** `--server NAME`, repeatable: only these servers of the config. */
  server?: readonly string[] | undefined;
  /** One JSON document on stdout (check-report.ts) instead of lines: `--format json`. */
  json?: boolean | undefined;
  /** `text` (the default), `json` (as `--json`) or `sarif` (check-sarif.ts); commander checks the choice. */
  format?: CheckFormat | undefined;
  /** Drift that needs review (text a model reads changed) does not fail the check. */
  allowReview?: boolean | undefined;
}

/** What `check` prints on stdout. */
export type CheckFormat = "text" | "json" | "sarif";

const STATUS_TEXT: Record<FileDifference["status"], string> = {
  changed: "differs from what the snapshot generates",
  missing: "is missing",
  extra: "is generated but no longer produced (stale)",
};

/** Most subjects a next-step line after drift names before it says "and N more". */
const NAMED_SUBJECTS = 5;

/** Returns true when everything matches; reports what does not (lines, or one document). */
export async function runCheck(flags: CheckFlags, context: CommandContext): Promise<boolean> {
  const format = checkFormat(flags);
  const fails = (server: CheckServerReport) => serverFails(server, flags);
  if (format === "text") return !(await checkServers(flags, context, true)).some(fails);
  const stdout = context.stdout ?? process.stdout;
  const mask = (text: string) => context.auth.masker.mask(text);
  // The document replaces the result lines; warnings, errors and progress stay on stderr.
  const documentOnly: CommandContext = {
    ...context,
    reporter: (secrets) => ({ ...context.reporter(secrets), info: () => {} }),
  };
  let servers: CheckServerReport[];
  try {
    servers = await checkServers(flags, documentOnly, false);
  } catch (error) {
    // A CI tool always gets a document; stderr still gets the line, from the program.
    const message = error instanceof Error ? error.message : String(error);
    const exitCode = await failureExitCode(error);
    // The line stderr shows (masked, one line, control characters made visible).
    const line = toTerminalLine(mask(message));
    const text = exitCode === ExitCode.Internal ? `internal error: ${line}` : line;
    stdout.write(
      format === "json"
        ? checkReportText(
            { version: CHECK_REPORT_VERSION, ok: false, error: { message: text, exitCode } },
            mask,
          )
        : documentText(checkSarifLog([], context.cwd, { exitCode, error: text }), mask),
    );
    throw error;
  }
  const ok = !servers.some(fails);
  stdout.write(
    format === "json"
      ? checkReportText({ version: CHECK_REPORT_VERSION, ok, servers }, mask)
      : documentText(
          checkSarifLog(servers, context.cwd, { exitCode: ok ? ExitCode.Ok : ExitCode.Drift }),
          mask,
        ),
  );
  return ok;
}

/** `--format`, with `--json` as `--format json`; any other `--format` beside `--json` is exit 2. */
function checkFormat(flags: CheckFlags): CheckFormat {
  if (flags.json !== true) return flags.format ?? "text";
  if (flags.format === undefined || flags.format === "json") return "json";
  throw new CliError(
    `--json is --format json; it cannot be given with --format ${flags.format}`,
    ExitCode.Usage,
  );
}

/** Every server's findings: its files, and with `--live` its contract drift. */
async function checkServers(
  flags: CheckFlags,
  context: CommandContext,
  print: boolean,
): Promise<CheckServerReport[]> {
  if (flags.live !== true) return checkFiles(flags, context.cwd, context.reporter([]), print);
  if (flags.out !== undefined || flags.snapshot !== undefined) {
    throw new CliError(
      `check --live reads the servers from mcp-codegen.config.json; ${flags.out !== undefined ? "--out" : "--snapshot"} cannot name one`,
      ExitCode.Usage,
    );
  }
  // What only --live needs (the config, the runtime's transports and auth) loads only for it.
  const { serverSelector } = await import("../jobs/index.js");
  const { loadConfig } = await import("../config/index.js");
  const { jobsFromConfig } = await import("./config-jobs.js");
  const select = serverSelector({ names: flags.server ?? [] });
  const config = await loadConfig({
    cwd: context.cwd,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
    ...(select === undefined ? {} : { select }),
  });
  const reporter = context.reporter(config.secrets);
  const servers = await checkFiles(flags, context.cwd, reporter, print);
  for (const job of jobsFromConfig(config, {}, context.auth.env)) {
    const before = await readSnapshotFile(`${job.out}/mcp.snapshot.json`, job.label);
    const after = await pullSnapshot(job, reporter, before, context);
    const report = classifyDrift(before, after);
    if (print) printDrift(job.label, report, flags, reporter);
    // Both lists come from the same config file, so every job has its folder's entry.
    const server = servers.find((entry) => entry.name === job.label);
    if (server !== undefined) server.drift = driftLists(report);
  }
  return servers;
}

/** Each output folder's generated files compared with what its snapshot generates. */
async function checkFiles(
  flags: CheckFlags,
  cwd: string,
  reporter: Reporter,
  print: boolean,
): Promise<CheckServerReport[]> {
  const servers: CheckServerReport[] = [];
  for (const folder of await outputFolders(flags, cwd)) {
    const snapshot = await readSnapshotFile(folder.snapshot, folder.label);
    const { files } = await renderOutput(snapshot, folder.label, {
      reporter,
      strict: flags.strict === true || folder.strict,
    });
    const differences = await compareOutput(folder.out, files);
    if (print) printFiles(folder, differences, flags, reporter);
    servers.push({
      name: folder.label,
      out: folder.out,
      snapshot: folder.snapshot,
      files: fileLists(differences),
    });
  }
  return servers;
}

function printFiles(
  folder: OutputFolder,
  differences: readonly FileDifference[],
  flags: CheckFlags,
  reporter: Reporter,
): void {
  for (const difference of differences) {
    reporter.error(`${folder.label}: ${difference.path} ${STATUS_TEXT[difference.status]}`);
  }
  if (differences.length === 0) reporter.info(`${folder.label}: up to date`);
  else {
    reporter.error(
      `${folder.label}: ${differences.length} file(s) out of date; run \`${generateCommand(flags)}\``,
    );
  }
}

function printDrift(label: string, report: DriftReport, flags: CheckFlags, reporter: Reporter) {
  if (report.changes.length === 0) {
    reporter.info(`${label}: the server's contract matches the snapshot`);
    return;
  }
  for (const line of formatDriftReport(report).split("\n")) {
    if (line.trim() !== "") reporter.info(`${label}: ${line}`);
  }
  const pull = commandLine("pull", flags.config === undefined ? [] : ["--config", flags.config]);
  if (report.breaking) {
    reporter.error(
      `${label}: breaking drift in ${subjects(report, "breaking")}; run \`${pull}\` to update the snapshot and client, then fix the code that uses them`,
    );
  }
  if (!report.needsReview) return;
  if (flags.allowReview === true) {
    reporter.warn(
      `${label}: text a model reads changed in ${subjects(report, "needs-review")}; accepted by --allow-review, not recorded: after reviewing it, run \`${pull}\``,
    );
  } else {
    reporter.error(
      `${label}: text a model reads changed in ${subjects(report, "needs-review")}; review the changes listed under "Needs review", then run \`${pull}\` to record the new contract (or pass --allow-review to pass without recording them)`,
    );
  }
}

/** The first few subjects with changes of `severity`, then "and N more". */
function subjects(report: DriftReport, severity: DriftSeverity): string {
  const all = [
    ...new Set(report.changes.filter((c) => c.severity === severity).map((c) => c.subject)),
  ];
  const more = all.length > NAMED_SUBJECTS ? ` and ${all.length - NAMED_SUBJECTS} more` : "";
  return `${all.slice(0, NAMED_SUBJECTS).join(", ")}${more}`;
}

/** The `generate` that brings the folders `check` was given back in line. */
function generateCommand(flags: CheckFlags): string {
  const args: string[] = [];
  if (flags.snapshot !== undefined) args.push("--snapshot", flags.snapshot);
  if (flags.out !== undefined) args.push("--out", flags.out);
  if (args.length === 0 && flags.config !== undefined) args.push("--config", flags.config);
  return commandLine("generate", args);
}

/** A command line to copy into a shell: arguments with spaces or quotes are single-quoted. */
function commandLine(command: string, args: readonly string[]): string {
  return joinCommandLine(["mcp-codegen", command, ...args]);
}

async function pullSnapshot(
  job: ServerJob,
  reporter: Reporter,
  before: Snapshot,
  context: CommandContext,
): Promise<Snapshot> {
  const { filterContract } = await import("../jobs/index.js");
  const { isInitializeEra, pullAuthenticated } = await import("../pull/index.js");
  const { withOAuthSecrets } = await import("./pull.js");
  if (job.target === undefined && job.registry !== undefined) {
    const { newerVersionNotice, withRegistryTarget } = await import("./registry-target.js");
    job = await withRegistryTarget(job, context);
    reporter = context.reporter(job.secrets ?? []);
    const notice = await newerVersionNotice(job, before);
    if (notice !== undefined) reporter.info(notice);
  }
  const contract = await pullAuthenticated(
    job.target!,
    {
      name: before.name,
      timeout: job.timeout,
      protocol: job.protocol,
      reporter,
      label: job.label,
      clientCapabilities: before.clientCapabilities,
      relistEarly: isInitializeEra(before.protocolVersion),
    },
    job.auth ?? {},
    context.auth,
  );
  return createSnapshot(filterContract(contract, withOAuthSecrets(job, context), reporter));
}
