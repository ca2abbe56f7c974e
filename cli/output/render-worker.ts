/**
 * A render worker (see render-pool.ts): renders the chunks of jobs it is sent with the
 * generator's own `renderModuleJobs`. A chunk that throws is answered `failed`, not re-thrown:
 * the pool renders it again on its own thread, where the error is reported as it would be
 * without workers.
 */
import { parentPort } from "node:worker_threads";
import { renderModuleJobs } from "../../templates/index.js";
import type { RenderReply, RenderRequest } from "./render-worker-messages.js";

const port = parentPort;
if (port === null) throw new Error("render-worker.js runs as a worker thread only");

port.on("message", (request: RenderRequest) => {
  const { run, chunk } = request;
  const reply = (message: RenderReply) => port.postMessage(message);
  renderModuleJobs(request.header, request.jobs, request.format).then(
    (modules) => reply({ type: "rendered", run, chunk, modules }),
    () => reply({ type: "failed", run, chunk }),
  );
});
port.postMessage({ type: "ready" } satisfies RenderReply);
