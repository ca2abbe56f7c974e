/**
 * Adds up the `stdout-noise` diagnostics of a pull (a server logging to stdout) into one warning.
 * The runtime reports each connection's first such line (count 1) and, when more followed, the
 * connection's total as it closes; a pull may open two connections (a probe restart).
 */
import { count } from "../terminal/index.js";

export class NoiseTally {
  private total = 0;
  private lastCount = 0;
  private sample: string | undefined;

  add(count: number, sample: string): void {
    // count 1 starts a connection; a later count is that connection's total so far.
    this.total += count === 1 ? 1 : count - this.lastCount;
    this.lastCount = count;
    this.sample ??= sample;
  }

  /** "wrote 3 lines to stdout that are not JSON-RPC (first: …); …", or undefined when none. */
  describe(): string | undefined {
    if (this.total === 0 || this.sample === undefined) return undefined;
    const lines = this.total === 1 ? "a line" : count(this.total, "line");
    const verb = this.total === 1 ? "is" : "are";
    const first = this.total === 1 ? "" : "first: ";
    return `wrote ${lines} to stdout that ${verb} not JSON-RPC (${first}${JSON.stringify(this.sample)}); servers must log to stderr`;
  }
}
