/**
 * Decides when a server process is gone for good, and how to describe it.
 *
 * The signs of a dying child arrive separately and in any order: the `exit` event, end of stdout,
 * end of stderr, an EPIPE on stdin. Failing requests on the first sign would lose answers still
 * buffered in stdout (a child can write its last response and exit before we read it) and quote a
 * stderr we have not finished reading. So the monitor ends the connection as soon as the process
 * has exited and both output streams are drained, or a short grace period after the first sign
 * (a grandchild may hold the pipes open, or the child may close stdout and linger).
 */
import type { ChildProcess } from "node:child_process";

/** How long to wait for the remaining signs of death after the first one. */
export const DEATH_GRACE_MS = 250;

export class ChildMonitor {
  private exitReason: string | undefined;
  private stdinError: string | undefined;
  private stdoutDone = false;
  private stderrDone: boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ended = false;

  /**
   * @param waitForStderr whether stderr is piped, so its end is worth waiting for.
   * @param onEnd called once with why the connection ended: "exited with code 3",
   *   "was killed by SIGKILL", "closed its stdout" or "stopped reading its stdin (EPIPE)".
   */
  constructor(
    child: ChildProcess,
    waitForStderr: boolean,
    private readonly onEnd: (reason: string) => void,
  ) {
    this.stderrDone = !waitForStderr;
    // A prestarted child (prestart.ts) may have exited before its transport took it: its `exit`
    // event is gone, but Node has recorded how it ended.
    if (child.exitCode !== null || child.signalCode !== null) {
      this.exitReason = describeExit(child.exitCode, child.signalCode);
      this.check();
      return;
    }
    child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => {
      this.exitReason = describeExit(code, signal);
      this.check();
    });
  }

  /** True once the process has exited. */
  get exited(): boolean {
    return this.exitReason !== undefined;
  }

  stdoutClosed(): void {
    this.stdoutDone = true;
    this.check();
  }

  stderrClosed(): void {
    this.stderrDone = true;
    this.check();
  }

  stdinFailed(error: Error): void {
    this.stdinError ??= (error as NodeJS.ErrnoException).code ?? error.message;
    this.check();
  }

  /** Stops watching: `onEnd` will not be called (the transport was closed on purpose). */
  dispose(): void {
    this.ended = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  private check(): void {
    if (this.ended) return;
    // A closed stderr alone is no sign of death: servers may close it and carry on.
    const dying = this.exitReason !== undefined || this.stdoutDone || this.stdinError !== undefined;
    if (!dying) return;
    if (this.exitReason !== undefined && this.stdoutDone && this.stderrDone) return this.end();
    this.timer ??= setTimeout(() => this.end(), DEATH_GRACE_MS);
  }

  private end(): void {
    if (this.ended) return;
    this.dispose();
    const reason =
      this.exitReason ??
      (this.stdoutDone ? "closed its stdout" : `stopped reading its stdin (${this.stdinError})`);
    this.onEnd(reason);
  }
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal !== null) return `was killed by ${signal}`;
  return `exited with code ${code ?? "unknown"}`;
}
