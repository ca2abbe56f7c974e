/**
 * `mcp-codegen generate`: the generated files from a snapshot alone. No network, no process:
 * the same bytes `pull` wrote.
 */
import { access } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { CliError, ExitCode } from "../terminal/index.js";
import { reportWarningLines } from "../terminal/index.js";
import type { CommandContext } from "./context.js";

export interface GenerateFlags {
  snapshot?: string | undefined;
  out?: string | undefined;
  config?: string | undefined;
  /** Generation warnings fail the command (exit 4) and nothing is written. */
  strict?: boolean | undefined;
  /** `--server NAME`, repeatable: only these servers of the config. */
  server?: readonly string[] | undefined;
  /** `--dry-run`: write nothing, print what would change. */
  dryRun?: boolean | undefined;
  /** `--diff`: a dry run that also prints a unified diff of each file that would change. */
  diff?: boolean | undefined;
}

/** One output folder to generate or check, and whether its config asks for `strict`. */
export interface OutputFolder {
  out: string;
  snapshot: string;
  label: string;
  strict: boolean;
}

/** The output folders to work on: from flags, else from the config, else the current folder. */
export async function outputFolders(
  flags: {
    snapshot?: string | undefined;
    out?: string | undefined;
    config?: string | undefined;
    server?: readonly string[] | undefined;
  },
  cwd: string,
): Promise<OutputFolder[]> {
  const names = flags.server ?? [];
  if ((flags.snapshot !== undefined || flags.out !== undefined) && names.length > 0) {
    throw new CliError(
      `--server picks servers of the config, and ${flags.out === undefined ? "--snapshot" : "--out"} names a folder itself; give one of them`,
      ExitCode.Usage,
    );
  }
  if (flags.snapshot !== undefined || flags.out !== undefined) {
    const snapshot = resolve(cwd, flags.snapshot ?? join(flags.out!, "mcp.snapshot.json"));
    const out = flags.out === undefined ? dirname(snapshot) : resolve(cwd, flags.out);
    return [{ out, snapshot, label: relative(cwd, snapshot) || snapshot, strict: false }];
  }
  // The config's loader and schema load only when there is a config to read.
  const { findConfigFile, loadOutputFolders } = await import("../config/index.js");
  const hasConfig = await findConfigFile(cwd, flags.config).then(
    () => true,
    () => false,
  );
  // Server names need a config: without one, loading says that no config file is there.
  if (hasConfig || flags.config !== undefined || names.length > 0) {
    const { serverSelector } = await import("../jobs/server-selection.js");
    const select = serverSelector({ names });
    const servers = await loadOutputFolders({
      cwd,
      ...(flags.config === undefined ? {} : { configPath: flags.config }),
      ...(select === undefined ? {} : { select }),
    });
    return servers.map((server) => ({
      out: server.out,
      snapshot: join(server.out, "mcp.snapshot.json"),
      label: server.name,
      strict: server.strict,
    }));
  }
  const here = join(cwd, "mcp.snapshot.json");
  if (
    await access(here).then(
      () => true,
      () => false,
    )
  )
    return [{ out: cwd, snapshot: here, label: "mcp.snapshot.json", strict: false }];
  throw new CliError(
    "no output folder given: pass --out DIR (or --snapshot FILE), or run where mcp-codegen.config.json is",
    ExitCode.Usage,
  );
}

export async function runGenerate(flags: GenerateFlags, context: CommandContext): Promise<void> {
  const reporter = context.reporter([]);
  // Loaded only for a preview: the diff library costs an unchanged run time it need not spend.
  const dryRun =
    flags.dryRun === true || flags.diff === true ? await import("../output/dry-run.js") : undefined;
  for (const folder of await outputFolders(flags, context.cwd)) {
    const policy = { reporter, strict: flags.strict === true || folder.strict };
    // Only read, so a preview takes the shortcut too: files as the last run left them, from the
    // same snapshot and generator, are exactly what generating again gives.
    const unchanged = await unchangedFolder(folder, context.cwd);
    if (unchanged !== undefined) {
      // Replayed as the full run would print them: the warnings, then the summary.
      reportWarningLines(folder.label, unchanged.warnings, policy);
      const summary =
        dryRun === undefined
          ? `(0 written, ${unchanged.files} unchanged)`
          : dryRun.describePlan({ changed: [], stale: [], unchanged: unchanged.files });
      reporter.info(`${folder.label}: ${unchanged.files} files → ${folder.out} ${summary}`);
      continue;
    }
    // The generator loads only for a folder that has something to generate.
    const { readSnapshotFile } = await import("../output/load-snapshot.js");
    const { describeWrite, planGenerated, writeGenerated } =
      await import("../output/write-generated.js");
    const snapshot = await readSnapshotFile(folder.snapshot, folder.label);
    const where = `${folder.label}: `;
    if (dryRun !== undefined) {
      const plan = await planGenerated(snapshot, folder.out, folder.label, context.cwd, policy);
      const files = plan.changed.length + plan.unchanged;
      reporter.info(`${where}${files} files → ${folder.out} ${dryRun.describePlan(plan)}`);
      const options = { diff: flags.diff === true, cwd: context.cwd };
      dryRun.reportPlan(plan, folder.out, reporter, options);
      continue;
    }
    const stats = await writeGenerated(snapshot, folder.out, folder.label, context.cwd, policy);
    reporter.info(`${where}${stats.files} files → ${folder.out} ${describeWrite(stats)}`);
  }
}

/**
 * The recorded last run of a folder generated from its own snapshot, when nothing has changed
 * since (unchanged-run.ts); undefined whenever the full generation must decide.
 */
async function unchangedFolder(folder: OutputFolder, cwd: string) {
  if (folder.snapshot !== join(folder.out, "mcp.snapshot.json")) return undefined;
  // Past the output door on purpose: the door would load the generator this shortcut avoids.
  // The snapshot is one of the files the record checks; a missing one is the full run's to tell.
  const { runKey, unchangedRun } = await import("../output/unchanged-run.js");
  return unchangedRun(folder.out, cwd, await runKey());
}
