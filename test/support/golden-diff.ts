/**
 * Readable failure text for golden comparisons: which files are missing, extra or different, and
 * a line diff of the first different file. Vitest's own diff of two 300-line strings buries the
 * change; this shows only the changed hunk, with a few lines of context and line numbers.
 */

const CONTEXT = 3;
const MAX_SHOWN = 40;

/** `null` when the trees are equal, else a report naming every problem and diffing the first. */
export function compareTrees(
  expected: ReadonlyMap<string, string>,
  actual: ReadonlyMap<string, string>,
): string | null {
  const missing = [...actual.keys()].filter((path) => !expected.has(path));
  const extra = [...expected.keys()].filter((path) => !actual.has(path));
  const changed = [...actual.keys()].filter(
    (path) => expected.has(path) && expected.get(path) !== actual.get(path),
  );
  if (missing.length + extra.length + changed.length === 0) return null;
  const lines: string[] = [];
  if (missing.length > 0) lines.push(`not in expected (new output): ${missing.join(", ")}`);
  if (extra.length > 0) lines.push(`in expected but no longer generated: ${extra.join(", ")}`);
  if (changed.length > 0) lines.push(`different: ${changed.join(", ")}`);
  const first = changed[0];
  if (first !== undefined) {
    lines.push("", `--- expected/${first}`, `+++ generated/${first}`);
    lines.push(lineDiff(expected.get(first)!, actual.get(first)!));
  }
  return lines.join("\n");
}

/**
 * One hunk: the lines between the common prefix and the common suffix, `-` expected and `+`
 * generated, with context. Enough to see what changed without a full diff algorithm.
 */
export function lineDiff(expected: string, actual: string): string {
  const a = expected.split("\n");
  const b = actual.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const from = Math.max(0, start - CONTEXT);
  const out = [`@@ line ${start + 1} @@`];
  for (let i = from; i < start; i += 1) out.push(`  ${a[i]}`);
  out.push(...clip(a.slice(start, endA).map((line) => `- ${visible(line)}`)));
  out.push(...clip(b.slice(start, endB).map((line) => `+ ${visible(line)}`)));
  for (let i = endA; i < Math.min(a.length, endA + CONTEXT); i += 1) out.push(`  ${a[i]}`);
  return out.join("\n");
}

function clip(lines: string[]): string[] {
  if (lines.length <= MAX_SHOWN) return lines;
  return [...lines.slice(0, MAX_SHOWN), `  … ${lines.length - MAX_SHOWN} more lines`];
}

/** Makes differences that do not print (CR, trailing spaces, tabs) show. */
function visible(line: string): string {
  return line
    .replace(/\r/g, "␍")
    .replace(/\t/g, "→")
    .replace(/ +$/, (spaces) => "·".repeat(spaces.length));
}
