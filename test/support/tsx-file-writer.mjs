// The file-writer worker from TypeScript sources, for tests (see tsx-render-worker.mjs). When
// FILE_WRITER_LOG names a file, the worker's folder is appended to it first: how a test learns
// that a run wrote in the background at all.
import { appendFileSync } from "node:fs";
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

if (process.env.FILE_WRITER_LOG)
  appendFileSync(process.env.FILE_WRITER_LOG, `${workerData.root}\n`);
register();
await import("../../cli/output/file-writer.ts");
