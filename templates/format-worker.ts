/**
 * A worker thread that formats batches of generated modules, so a large server's output is
 * formatted on every core. It runs the same `formatModules` as the main thread, so the bytes are
 * the same either way.
 */
import { parentPort } from "node:worker_threads";
import { formatModules } from "./format.js";

interface Job {
  id: number;
  texts: string[];
}

parentPort?.on("message", (job: Job) => {
  formatModules(job.texts).then(
    (formatted) => parentPort?.postMessage({ id: job.id, formatted }),
    (error: unknown) => parentPort?.postMessage({ id: job.id, error: String(error) }),
  );
});
