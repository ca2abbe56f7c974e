/**
 * Tells the user (on a terminal, and every 10 s in a piped log) which request a silent server is
 * sitting on: `pull -- node` (the script path left out, so node reads its stdin as a script) or
 * `pull -- cat` otherwise look exactly like a slow server until the timeout ends them.
 */
import type { Reporter } from "../terminal/index.js";

export interface SilenceWatch {
  /** A request left: the silence is now about it. */
  sent(method: string): void;
  /** The pull is over: no more notices. */
  stop(): void;
}

/**
 * Watches the requests of one pull from `label`; does nothing where the reporter sets no
 * `silenceNotice` (`--quiet`, the programmatic API). Piped output gets a line every 10 s.
 */
export function watchSilence(reporter: Reporter, label: string): SilenceWatch {
  const notice = reporter.silenceNotice;
  if (notice === undefined) return { sent: () => {}, stop: () => {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let method = "";
  let since = 0;
  const tell = (): void => {
    const seconds = Math.round((Date.now() - since) / 1000);
    const line = `waiting for ${label} to answer ${method} (${seconds} s)…`;
    if (reporter.waiting === undefined) reporter.progress(line);
    else reporter.waiting(line);
    timer = setTimeout(tell, notice.everyMs);
    // A notice never keeps the process alive on its own.
    timer.unref();
  };
  const stop = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    sent(next) {
      stop();
      method = next;
      since = Date.now();
      timer = setTimeout(tell, notice.afterMs);
      timer.unref();
    },
    stop,
  };
}
