/**
 * The processes this test process has started and that still run, for tests that hold that
 * nothing a pull started outlives it. Through `ps`, which reports itself too: left out.
 */
import { execFileSync } from "node:child_process";

/** The process ids of this process's running children, but `ps` itself. */
export function runningChildren(): number[] {
  const out = execFileSync("ps", ["-A", "-o", "pid=,ppid=,stat=,comm="], { encoding: "utf8" });
  return out
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, stat]) => Number(ppid) === process.pid && !stat?.startsWith("Z"))
    .filter(([, , , name]) => name !== "ps" && !name?.endsWith("/ps"))
    .map(([pid]) => Number(pid));
}
