// Preloaded into a timed generator (`node --import`): on exit, appends the process's peak
// resident memory in kilobytes (process.resourceUsage().maxRSS) to the file BENCH_MAX_RSS_FILE.
import { appendFileSync } from "node:fs";

const file = process.env.BENCH_MAX_RSS_FILE;
if (file) process.on("exit", () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
