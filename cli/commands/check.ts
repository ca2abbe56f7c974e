/**
 * `mcp-codegen check`: regenerate in memory and compare with the files on disk; `--live` also
 * pulls the server and classifies how its contract moved since the snapshot.
 */
import { classifyDrift, formatDriftReport } from "../drift/index.js";
import { CliError, ExitCode } from "../exit-codes.js";
import { loadConfig } from "../config/index.js";
import { readSnapshotFile, renderOutput } from "../load-snapshot.js";
import { compareOutput, type FileDifference } from "../output-files.js";
import { pullAuthenticated } from "../authenticated-pull.js";
import { withOAuthSecrets } from "./pull.js";
import type { Reporter } from "../reporter.js";
import { filterContract, type ServerJob } from "../server-job.js";
import { createSnapshot, type Snapshot } from "../../templates/index.js";
import { jobsFromConfig } from "./config-jobs.js";
import { serverSelector } from "../server-selection.js";
import { outputFolders } from "./generate.js";
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
}

const STATUS_TEXT: Record<FileDifference["status"], string> = {
  changed: "differs from what the snapshot generates",
  missing: "is missing",
  extra: "is generated but no longer produced (stale)",
};

/** Returns true when everything matches; prints one line per problem otherwise. */
export async function runCheck(flags: CheckFlags, context: CommandContext): Promise<boolean> {
  if (flags.live === true) return runLiveCheck(flags, context);
  const reporter = context.reporter([]);
  let clean = true;
  for (const folder of await outputFolders(flags, context.cwd)) {
    const snapshot = await readSnapshotFile(folder.snapshot, folder.label);
    const { files } = await renderOutput(snapshot, folder.label, {
      reporter,
      strict: flags.strict === true || folder.strict,
    });
    const differences = await compareOutput(folder.out, files);
    for (const difference of differences) {
      reporter.error(`${folder.label}: ${difference.path} ${STATUS_TEXT[difference.status]}`);
    }
    if (differences.length > 0) {
      clean = false;
      reporter.error(
        `${folder.label}: ${differences.length} file(s) out of date; run \`mcp-codegen generate\``,
      );
    } else reporter.info(`${folder.label}: up to date`);
  }
  return clean;
}

async function runLiveCheck(flags: CheckFlags, context: CommandContext): Promise<boolean> {
  if (flags.out !== undefined || flags.snapshot !== undefined) {
    throw new CliError(
      `check --live reads the servers from mcp-codegen.config.json; ${flags.out !== undefined ? "--out" : "--snapshot"} cannot name one`,
      ExitCode.Usage,
    );
  }
  const select = serverSelector({ names: flags.server ?? [] });
  const config = await loadConfig({
    cwd: context.cwd,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
    ...(select === undefined ? {} : { select }),
  });
  const reporter = context.reporter(config.secrets);
  const offline = await runCheck(
    { ...flags, live: false },
    { ...context, reporter: () => reporter },
  );
  let breaking = false;
  for (const job of jobsFromConfig(config, {})) {
    const before = await readSnapshotFile(`${job.out}/mcp.snapshot.json`, job.label);
    const after = await pullSnapshot(job, reporter, before, context);
    const report = classifyDrift(before, after);
    if (report.changes.length === 0) {
      reporter.info(`${job.label}: the server's contract matches the snapshot`);
      continue;
    }
    const text = formatDriftReport(report);
    for (const line of text.split("\n")) {
      if (line.trim() !== "") reporter.info(`${job.label}: ${line}`);
    }
    if (report.changes.some((change) => change.severity === "breaking")) breaking = true;
  }
  return offline && !breaking;
}

async function pullSnapshot(
  job: ServerJob,
  reporter: Reporter,
  before: Snapshot,
  context: CommandContext,
): Promise<Snapshot> {
  const contract = await pullAuthenticated(
    job.target!,
    {
      name: before.name,
      timeout: job.timeout,
      protocol: job.protocol,
      reporter,
      label: job.label,
      clientCapabilities: before.clientCapabilities,
    },
    job.auth ?? {},
    context.auth,
  );
  return createSnapshot(filterContract(contract, withOAuthSecrets(job, context), reporter));
}
