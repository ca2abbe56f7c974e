/**
 * What the render pool and its workers say to each other: a chunk of jobs to render, and back
 * the rendered modules, or that rendering them failed (this thread then renders them itself).
 */
import type { CachedModule, FormatMode, ModuleJob } from "../../templates/index.js";

/** A chunk of one run's jobs, and what `renderModuleJobs` needs beside them. */
export interface RenderRequest {
  run: number;
  chunk: number;
  header: string;
  jobs: ModuleJob[];
  format: FormatMode | undefined;
}

/** The worker has loaded its modules; or a chunk's outcome, named by run and chunk. */
export type RenderReply =
  | { type: "ready" }
  | { type: "rendered"; run: number; chunk: number; modules: CachedModule[] }
  | { type: "failed"; run: number; chunk: number };
