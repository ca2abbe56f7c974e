// Prints the functions with the most self time in a .cpuprofile (from `node --cpu-prof`).
import { readFileSync } from "node:fs";

const profile = JSON.parse(readFileSync(process.argv[2], "utf8"));
const top = Number(process.argv[3] ?? 40);
const self = new Map();
const total = profile.samples.length;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
for (const [id, count] of counts) {
  const { callFrame } = byId.get(id);
  const file = callFrame.url.split("/").slice(-2).join("/");
  const key = `${callFrame.functionName || "(anonymous)"}  ${file}:${callFrame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + count);
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [key, count] of rows) {
  process.stdout.write(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}\n`);
}
