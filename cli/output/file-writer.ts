/**
 * The file-writer worker (see background-writes.ts): creates the files it is sent under a folder
 * that was missing, or held nothing but a snapshot, when the run began. Every folder and file is
 * created exclusively, so it never writes over or through anything; at the first thing in its
 * way, or any failed call, it stops writing and says so, leaving the run to take back what it
 * created.
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { FileWriterData, FileWriterReply, FileWriterRequest } from "./file-writer-messages.js";

const port = parentPort;
if (port === null) throw new Error("file-writer.js runs as a worker thread only");
const { root, rootExists } = workerData as FileWriterData;

const files: string[] = [];
const folders: string[] = [];
/** Folders known to be there: made here, or the root the run found. */
const made = new Set<string>(rootExists ? [root] : []);
let gaveUp = false;

/** Creates `folder` and any folder above it that is missing; only the root's parent may exist. */
function makeFolder(folder: string): void {
  if (made.has(folder)) return;
  const parent = dirname(folder);
  if (folder !== root && parent !== folder) makeFolder(parent);
  else if (folder === root) makeAbove(parent);
  // Not recursive: a folder that appeared since the run began (or a link in its place) fails.
  mkdirSync(folder);
  made.add(folder);
  folders.push(folder);
}

/** The folders above the root, as `mkdir -p` would make them; existing ones are left alone. */
function makeAbove(folder: string): void {
  const parent = dirname(folder);
  try {
    mkdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    if (code !== "ENOENT" || parent === folder) throw error;
    makeAbove(parent);
    mkdirSync(folder);
  }
  folders.push(folder);
}

function create(path: string, content: string): void {
  const absolute = join(root, ...path.split("/"));
  makeFolder(dirname(absolute));
  const descriptor = openSync(absolute, "wx");
  try {
    files.push(path);
    writeSync(descriptor, content);
  } finally {
    closeSync(descriptor);
  }
}

port.on("message", (request: FileWriterRequest) => {
  if (request.type === "end") {
    port.postMessage({ type: "ended", files, folders, gaveUp } satisfies FileWriterReply);
    return;
  }
  if (gaveUp) return;
  try {
    for (const [path, content] of request.files) create(path, content);
  } catch {
    gaveUp = true;
  }
});
