// The render worker from TypeScript sources, for tests: a worker thread does not inherit
// vitest's transform, so this registers tsx in the worker and then loads render-worker.ts.
import { register } from "tsx/esm/api";

register();
await import("../../cli/output/render-worker.ts");
