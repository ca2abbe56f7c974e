// PLACEHOLDER until the fetch transport branch (issue7-a) merges; replaced at merge.
import type { HttpTarget } from "../connect-targets.js";
import type { Transport } from "../transport.js";
export function createFetchHttpTransport(_target: HttpTarget): Transport {
  throw new Error("fetch transport not merged yet");
}
