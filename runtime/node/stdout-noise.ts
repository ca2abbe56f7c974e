/**
 * Counts the lines a stdio server writes to stdout that are not JSON-RPC at all (a server that
 * logs to stdout instead of stderr), so the user is told once per connection, with a count,
 * rather than once per line. Only junk lines reach it: a valid message costs nothing here.
 */
import type { TransportDiagnostic } from "../transports/index.js";

/** How much of the first junk line a diagnostic quotes. */
const SAMPLE_LENGTH = 200;

export class StdoutNoise {
  private count = 0;
  private sample = "";

  constructor(
    private readonly endpoint: string,
    private readonly report: (diagnostic: TransportDiagnostic) => void,
  ) {}

  /** One more junk line: the first is reported at once, the rest only counted. */
  add(line: string): void {
    if (++this.count > 1) return;
    this.sample = line.length <= SAMPLE_LENGTH ? line : `${line.slice(0, SAMPLE_LENGTH)}…`;
    this.report({
      kind: "stdout-noise",
      count: 1,
      sample: this.sample,
      detail: `the MCP server ${JSON.stringify(this.endpoint)} wrote a line to stdout that is not JSON-RPC (${JSON.stringify(this.sample)}); servers must log to stderr (further such lines are counted, and the total reported when the connection closes)`,
    });
  }

  /** The connection is ending: the total, when more lines followed the first. */
  close(): void {
    if (this.count < 2) return;
    this.report({
      kind: "stdout-noise",
      count: this.count,
      sample: this.sample,
      detail: `the MCP server ${JSON.stringify(this.endpoint)} ${describeStdoutNoise(this.count, this.sample)}`,
    });
  }
}

/** `wrote 3 lines to stdout that are not JSON-RPC (first: "…"); servers must log to stderr`. */
export function describeStdoutNoise(count: number, sample: string): string {
  const lines =
    count === 1 ? "a line to stdout that is not" : `${count} lines to stdout that are not`;
  const first = count === 1 ? JSON.stringify(sample) : `first: ${JSON.stringify(sample)}`;
  return `wrote ${lines} JSON-RPC (${first}); servers must log to stderr`;
}
