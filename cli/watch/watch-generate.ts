/**
 * `mcp-codegen generate --watch`: generate once, then again for each output folder whose
 * snapshot file changes (and for every folder when the config file changes).
 */
import type { CommandContext } from "../commands/index.js";
import { outputFolders, runGenerate, type GenerateFlags } from "../commands/index.js";
import { findConfigFile } from "../config/index.js";
import { watchLoop, type WatchPlan } from "./watch-loop.js";

export async function watchGenerate(
  flags: GenerateFlags,
  context: CommandContext,
  signal: AbortSignal | undefined,
): Promise<void> {
  await watchLoop({
    cwd: context.cwd,
    verb: "generating",
    signal,
    load: () => generatePlan(flags, context),
  });
}

async function generatePlan(flags: GenerateFlags, context: CommandContext): Promise<WatchPlan> {
  const folders = await outputFolders(flags, context.cwd);
  const fromConfig = flags.snapshot === undefined && flags.out === undefined;
  // outputFolders fell back to ./mcp.snapshot.json when there is no config: nothing to reload.
  const configFile = fromConfig
    ? await findConfigFile(context.cwd, flags.config).catch(() => undefined)
    : undefined;
  return {
    // Only the snapshot files are watched: generating never rewrites one unless its text was
    // not in canonical form, and then the next run finds nothing to change.
    units: folders.map((folder) => ({
      key: folder.out,
      name: folder.label,
      paths: [folder.snapshot],
      run: () =>
        runGenerate(
          {
            snapshot: folder.snapshot,
            out: folder.out,
            strict: flags.strict === true || folder.strict,
          },
          context,
        ),
    })),
    ignored: [],
    configFile,
    reporter: context.reporter([]),
  };
}
