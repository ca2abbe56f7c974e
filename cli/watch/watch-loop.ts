/**
 * The watch loop shared by `pull --watch` and `generate --watch`: one chokidar watcher over every
 * unit's paths and the config file, changes batched by a debounce, one line per unit a batch
 * touches, runs serialized per unit (serial-runs.ts), and a clean stop (stop-signal.ts).
 */
import { watch, type FSWatcher } from "chokidar";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { ConfigError } from "../config/index.js";
import { CliError } from "../terminal/index.js";
import type { Reporter } from "../terminal/index.js";
import { createSerialRuns } from "./serial-runs.js";
import { createStopSignal, stopped } from "./stop-signal.js";

/**
 * How long the files must stay quiet before a run starts. Saving rarely touches a file once: an
 * editor writes a temporary file and renames it, a formatter rewrites the file right after the
 * save, `git checkout` touches many files within milliseconds. 200 ms covers those bursts and is
 * still below the delay a person notices. A write slower than that (a huge file copied in
 * chunks) is not lost either: its later events queue one more run, which reads the final bytes.
 * That is also why chokidar's awaitWriteFinish is off: it polls every changed file's size for
 * seconds (2 s by default) before reporting it, a delay on every save for a case the queued
 * run already covers.
 */
export const WATCH_DEBOUNCE_MS = 200;

/** Folders whose changes never mean a server changed: dependencies and version control. */
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

/** Something a change reruns: a server to pull, an output folder to generate. */
export interface WatchUnit {
  /** Unique in its plan; a unit keeps its key across config reloads. */
  key: string;
  /** How lines name it: `changed a.ts → pulling <name>`. */
  name: string;
  /** Absolute files and folders (watched with everything under them) whose change reruns it. */
  paths: readonly string[];
  run(): Promise<void>;
}

/** Everything a watch needs, rebuilt whenever the config file changes. */
export interface WatchPlan {
  units: readonly WatchUnit[];
  /** Absolute folders never watched: the output folders, so the watch's own writes stay silent. */
  ignored: readonly string[];
  /** Absolute; its change rebuilds the plan and reruns every unit. */
  configFile?: string | undefined;
  reporter: Reporter;
}

export interface WatchOptions {
  cwd: string;
  /** `pulling` or `generating`. */
  verb: string;
  /** Builds the plan; its error at the start ends the watch, as the command would fail. */
  load(): Promise<WatchPlan>;
  signal?: AbortSignal | undefined;
}

const within = (folder: string, path: string) =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** The one line a failed run or reload prints; anything but a CLI or config error is a bug. */
function failureLine(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message;
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `internal error, please report it: ${text}`;
}

/** Runs every unit, then each again when its paths change, until stopped. */
export async function watchLoop(options: WatchOptions): Promise<void> {
  const stop = createStopSignal(options.signal);
  try {
    await runWatch(options, stop.signal);
  } finally {
    stop.dispose();
  }
}

async function runWatch(options: WatchOptions, signal: AbortSignal): Promise<void> {
  let plan = await options.load();
  const show = (path: string) => {
    const shown = relative(options.cwd, path);
    return shown === "" || shown.startsWith("..") || isAbsolute(shown)
      ? path
      : shown.split(sep).join("/");
  };
  const watchedPaths = (current: WatchPlan) =>
    new Set([
      ...current.units.flatMap((unit) => unit.paths),
      ...(current.configFile === undefined ? [] : [current.configFile]),
    ]);
  let watched = watchedPaths(plan);
  // A function reads the current plan, so a reloaded config's output folders are ignored too.
  // node_modules and .git count only below a watched path: a path given inside one still works.
  const ignored = (path: string): boolean => {
    const absolute = resolve(path);
    if (plan.ignored.some((folder) => within(folder, absolute))) return true;
    return [...watched].some(
      (root) =>
        within(root, absolute) &&
        relative(root, absolute)
          .split(sep)
          .some((part) => SKIPPED_FOLDERS.has(part)),
    );
  };
  // Links are not followed: a link in a watched folder (to a folder or a file elsewhere) would
  // have the watch observe, and pull again on, files outside what the user named.
  const watcher: FSWatcher = watch([...watched], {
    ignoreInitial: true,
    ignored,
    followSymlinks: false,
  });
  const runs = createSerialRuns(async (key) => {
    const unit = plan.units.find((candidate) => candidate.key === key);
    if (unit === undefined) return; // Removed from the config since it was queued.
    try {
      await unit.run();
    } catch (error) {
      plan.reporter.error(failureLine(error));
    }
  });
  const reload = async (configFile: string): Promise<void> => {
    try {
      plan = await options.load();
    } catch (error) {
      plan.reporter.error(`${failureLine(error)} (still watching with the last valid config)`);
      return;
    }
    const next = watchedPaths(plan);
    watcher.unwatch([...watched].filter((path) => !next.has(path)));
    watcher.add([...next].filter((path) => !watched.has(path)));
    watched = next;
    const names = plan.units.map((unit) => unit.name).join(", ");
    plan.reporter.info(`changed ${show(configFile)} → ${options.verb} ${names}`);
    for (const unit of plan.units) runs.request(unit.key);
  };
  const dispatch = async (changed: readonly string[]): Promise<void> => {
    if (plan.configFile !== undefined && changed.includes(plan.configFile)) {
      await reload(plan.configFile);
      return;
    }
    for (const unit of plan.units) {
      const hits = changed.filter((path) => unit.paths.some((root) => within(root, path)));
      if (hits.length === 0) continue;
      const more = hits.length > 1 ? ` (and ${hits.length - 1} more)` : "";
      plan.reporter.info(`changed ${show(hits[0]!)}${more} → ${options.verb} ${unit.name}`);
      runs.request(unit.key);
    }
  };
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let dispatching = Promise.resolve();
  // Events before the watcher is ready are its first scan: with links not followed, chokidar
  // reports each link it finds as added, although ignoreInitial is set. Nothing is lost by
  // dropping them: the first run of every unit starts after ready and reads the files as they are.
  let scanned = false;
  watcher.on("all", (event, path) => {
    if (!scanned) return;
    // A folder made or removed changes no source by itself; the files in it have events of their
    // own, which name what changed more usefully.
    if (event === "addDir" || event === "unlinkDir") return;
    pending.add(resolve(path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending];
      pending.clear();
      // Caught here so one failed batch cannot stop every later one from being dispatched.
      dispatching = dispatching
        .then(() => dispatch(changed))
        .catch((error: unknown) => plan.reporter.error(failureLine(error)));
    }, WATCH_DEBOUNCE_MS);
  });
  // Out of file handles or inotify watches (ENOSPC on Linux): said once per failure, and the
  // watch goes on with what it still watches.
  watcher.on("error", (error) => {
    const message = error instanceof Error ? error.message : String(error);
    plan.reporter.error(
      `watching files failed: ${message}; the watch goes on without them (on Linux, raise fs.inotify.max_user_watches, or list fewer paths in the config's watch)`,
    );
  });
  try {
    // Ready before the first run: a change made once the first summary is printed is seen.
    await new Promise<void>((ready) => watcher.once("ready", ready));
    scanned = true;
    plan.reporter.progress(`watching ${watched.size} paths for changes; Ctrl+C stops`);
    for (const unit of plan.units) runs.request(unit.key);
    await stopped(signal);
  } finally {
    clearTimeout(timer);
    await watcher.close();
    await dispatching;
    await runs.drain();
  }
}
