/**
 * Writing a new output folder's files on another thread while the rest still render. A cold
 * 1,000-tool run renders for about a second on this thread, and creating the thousand files
 * afterwards took another 0.3 s. Created meanwhile, they made cold runs 4% faster on two cores,
 * where V8's own compiler and collector threads already share the second core (2026-12-05).
 *
 * Only for a folder that does not exist when the run begins, or holds nothing but the snapshot
 * (`generate` in a fresh checkout), so every file is new: it is created exclusively, in folders
 * created exclusively (`file-writer.ts`), never over or through anything. Whatever goes wrong
 * (the folder or a file appears meanwhile, the worker cannot start or dies) the run takes back
 * what the worker created and writes the usual way, which then reports what is wrong as it
 * always does: the worker can make a run faster, never change what it writes or says.
 */
import {
  existsSync,
  lstatSync,
  readFileSync,
  readdirSync,
  rmSync,
  rmdirSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileWriterData, FileWriterReply, FileWriterRequest } from "./file-writer-messages.js";
import type { OutputFile } from "./output-files.js";
import { SNAPSHOT_FILE } from "./snapshot-file.js";

/** Files per message: enough to amortise a message, few enough to keep the worker busy. */
const BATCH_SIZE = 16;

export interface BackgroundWrites {
  /** Hands a file whose text is final to the worker (path relative to the folder, `/`). */
  write(file: OutputFile): void;
  /**
   * Waits for the worker. Resolves to the paths it created, which hold exactly what was handed
   * over; or, when it gave up (after what it created is taken back), to an empty set.
   */
  finish(): Promise<ReadonlySet<string>>;
  /** Takes back what the worker created: for a run that fails before its files are written. */
  discard(): Promise<void>;
}

export interface BackgroundWritesOptions {
  /** The worker's module; default `file-writer.js` beside this file (absent under sources). */
  entry?: URL;
}

/**
 * Starts writing into `root` on a worker, or returns undefined when `root` holds files (the
 * usual way compares and replaces them) or the worker's module is absent.
 */
export function startBackgroundWrites(
  root: string,
  options: BackgroundWritesOptions = {},
): BackgroundWrites | undefined {
  const entry = options.entry ?? new URL("./file-writer.js", import.meta.url);
  if (entry.protocol === "file:" && !existsSync(fileURLToPath(entry))) return undefined;
  const state = rootState(root);
  if (state === "in use") return undefined;
  let worker: Worker;
  try {
    const workerData: FileWriterData = { root, rootExists: state === "empty" };
    // Not this process's flags: a test runner's `--import` hooks, a `--cpu-prof` per thread.
    worker = new Worker(entry, { workerData, execArgv: [] });
  } catch {
    return undefined;
  }
  worker.unref();
  // Everything handed over, so a worker that died can still be taken back by content.
  const sent = new Map<string, string>();
  let batch: Array<[string, string]> = [];
  let alive = true;
  let ended: Promise<FileWriterReply | undefined> | undefined;

  const post = (request: FileWriterRequest): void => {
    if (!alive) return;
    try {
      worker.postMessage(request);
    } catch {
      alive = false;
    }
  };
  const flush = (): void => {
    if (batch.length === 0) return;
    post({ type: "files", files: batch });
    batch = [];
  };
  // The one reply (or undefined: the worker exited first); settled once, whenever it comes.
  let settle: (reply: FileWriterReply | undefined) => void = () => undefined;
  const replied = new Promise<FileWriterReply | undefined>((resolve) => (settle = resolve));
  worker.once("message", (reply: FileWriterReply) => settle(reply));
  // An error is followed by an exit.
  worker.on("error", () => undefined);
  worker.once("exit", () => {
    alive = false;
    settle(undefined);
  });

  const end = (): Promise<FileWriterReply | undefined> =>
    (ended ??= (async () => {
      flush();
      post({ type: "end" });
      if (!alive) settle(undefined);
      const reply = await replied;
      alive = false;
      void worker.terminate();
      return reply;
    })());

  const takeBack = (reply: FileWriterReply | undefined): void => {
    if (reply === undefined) return takeBackByContent(root, sent);
    for (const path of reply.files) rmSync(join(root, ...path.split("/")), { force: true });
    for (const folder of [...reply.folders].reverse()) removeIfEmpty(folder);
  };

  return {
    write(file) {
      if (!alive || ended !== undefined) return;
      sent.set(file.path, file.content);
      batch.push([file.path, file.content]);
      if (batch.length >= BATCH_SIZE) flush();
    },
    async finish() {
      const reply = await end();
      if (reply !== undefined && !reply.gaveUp) return new Set(reply.files);
      takeBack(reply);
      return new Set();
    },
    async discard() {
      takeBack(await end());
    },
  };
}

/**
 * `missing`; `empty`: a folder (or a link to one: the user named it) holding nothing but a
 * snapshot, as `generate` finds a fresh checkout's; `in use`: anything else.
 */
function rootState(root: string): "missing" | "empty" | "in use" {
  try {
    if (!statSync(root).isDirectory()) return "in use";
    const entries = readdirSync(root);
    return entries.every((name) => name === SNAPSHOT_FILE) ? "empty" : "in use";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "in use";
  }
}

function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // Not empty (something else was put there): it stays.
  }
}

/**
 * A worker that died said nothing of what it created: a file holding exactly the text it was
 * handed is taken for its own. Folders stay (they may be another's); the usual write uses them.
 */
function takeBackByContent(root: string, sent: ReadonlyMap<string, string>): void {
  for (const [path, content] of sent) {
    const absolute = join(root, ...path.split("/"));
    try {
      if (lstatSync(absolute).isFile() && readFileSync(absolute, "utf8") === content) {
        rmSync(absolute);
      }
    } catch {
      // Not there: nothing to take back.
    }
  }
}
