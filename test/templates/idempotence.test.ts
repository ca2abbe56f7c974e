/**
 * Generation is a pure function of the snapshot's content: the same bytes twice and at any time
 * of day, the same bytes whatever order the server listed things in, and adding a tool renames
 * nothing that does not collide with it. The bytes themselves are clean: LF only, no trailing
 * whitespace, a final newline, no timestamp, no invisible characters in code.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tool } from "../../runtime/protocol/types.js";
import type { GeneratedFile } from "../../templates/generate.js";
import { planNames, type PlannedTool } from "../../templates/plan.js";
import { createSnapshot, type Snapshot } from "../../templates/snapshot.js";
import { caseDir, generateGolden, goldenCaseNames, loadSnapshot } from "../support/golden-cases.js";

const CASES = goldenCaseNames();

/** Valid UTF-8 on disk: a lone surrogate would be written as U+FFFD, silently changing text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Untrusted text reaches code only escaped: no raw line separators, bidi controls, BOM,
 * zero-width or C0/C1 controls that could make a file read differently than it runs.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const HIDDEN_IN_CODE = new RegExp(
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]",
);
/* eslint-enable no-control-regex */

function asMap(files: readonly GeneratedFile[]): Map<string, string> {
  return new Map(files.map((file) => [file.path, file.content]));
}

/** Each case generated once, shared by the tests that only read the output. */
const outputs = new Map<string, Promise<Map<string, string>>>();
function generated(name: string): Promise<Map<string, string>> {
  let output = outputs.get(name);
  if (output === undefined) {
    output = generateGolden(loadSnapshot(caseDir(name))).then(asMap);
    outputs.set(name, output);
  }
  return output;
}

/** Fisher–Yates with a fixed seed (a linear congruential generator): the same shuffle every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** The same object with its own keys in reverse order (a server may serialise in any order). */
function reversedKeys<T extends object>(value: T): T {
  const copy = {} as T;
  for (const key of Object.keys(value).reverse()) {
    // defineProperty: a `__proto__` key must stay data.
    Object.defineProperty(copy, key, {
      value: (value as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** What a server that lists everything in another order would have produced via `pull`. */
function reordered(snapshot: Snapshot, seed: number): Snapshot {
  return createSnapshot({
    ...reversedKeys(snapshot),
    tools: shuffled(snapshot.tools, seed).map(reversedKeys),
    prompts: shuffled(snapshot.prompts, seed + 1).map(reversedKeys),
    resources: shuffled(snapshot.resources, seed + 2).map(reversedKeys),
    resourceTemplates: shuffled(snapshot.resourceTemplates, seed + 3).map(reversedKeys),
  });
}

/** Every exported name and the file of each tool, keyed by the tool's raw name (unique here). */
function toolNames(tools: readonly PlannedTool[]): Map<string, string> {
  return new Map(
    tools.map((t) => [
      `${t.tool.name}\u0000${t.tool.description ?? ""}`,
      [t.member, t.fn, t.binding, t.typeBase, t.file].join(" "),
    ]),
  );
}

function withTool(snapshot: Snapshot, tool: Tool): Snapshot {
  return createSnapshot({ ...snapshot, tools: [...snapshot.tools, tool] });
}

describe("idempotence", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe.each(CASES)("%s", (name) => {
    it("gives the same bytes twice, at different times", async () => {
      const snapshot = loadSnapshot(caseDir(name));
      // Only Date is faked: prettier's promises and timers run as usual.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2001-02-03T04:05:06Z") });
      const first = asMap(await generateGolden(snapshot));
      vi.setSystemTime(new Date("2039-10-11T12:13:14Z"));
      const second = asMap(await generateGolden(snapshot));
      expect(second).toEqual(first);
    });

    it("gives the same bytes when the server lists everything in another order", async () => {
      const snapshot = loadSnapshot(caseDir(name));
      const seed = name.length;
      // The shuffle must really have moved something, or the test proves nothing.
      if (snapshot.tools.length > 2)
        expect(shuffled(snapshot.tools, seed).map((tool) => tool.name)).not.toEqual(
          snapshot.tools.map((tool) => tool.name),
        );
      const other = asMap(await generateGolden(reordered(snapshot, seed)));
      expect(other).toEqual(await generated(name));
    });

    it("writes clean text: LF only, no trailing whitespace, a final newline, no timestamp", async () => {
      for (const [path, content] of await generated(name)) {
        const where = `${name}/${path}`;
        expect(content, where).not.toMatch(/\r/);
        expect(content, where).not.toMatch(/[ \t]+$/m);
        expect(content.endsWith("\n") && !content.endsWith("\n\n"), where).toBe(true);
        expect(content, where).not.toMatch(LONE_SURROGATE);
        expect(content, where).not.toMatch(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/);
        if (path.endsWith(".ts")) expect(content, where).not.toMatch(HIDDEN_IN_CODE);
      }
    });
  });

  describe("adding a tool (hostile case)", () => {
    const hostile = (): Snapshot => loadSnapshot(caseDir("hostile"));

    it("renames no other tool when the new name collides with nothing", async () => {
      const before = hostile();
      const after = withTool(before, {
        name: "brand_new_tool",
        inputSchema: { type: "object" },
      });
      const beforeNames = toolNames(planNames(before).tools);
      const afterNames = toolNames(planNames(after).tools);
      for (const [key, names] of beforeNames) expect(afterNames.get(key), key).toBe(names);

      // And every existing tool module keeps its bytes.
      const beforeFiles = asMap(await generateGolden(before));
      const afterFiles = asMap(await generateGolden(after));
      for (const [path, content] of beforeFiles) {
        if (path.startsWith("tools/")) expect(afterFiles.get(path), path).toBe(content);
      }
      expect([...afterFiles.keys()].filter((path) => !beforeFiles.has(path))).toEqual([
        "tools/brand-new-tool.ts",
      ]);
    });

    it("renames only members of the colliding group when the new name collides", () => {
      const before = hostile();
      // `getWeather` is spelled exactly like the base name, so it takes it from `get-weather`.
      const after = withTool(before, { name: "getWeather", inputSchema: { type: "object" } });
      const beforeNames = toolNames(planNames(before).tools);
      const afterNames = toolNames(planNames(after).tools);
      const renamed = [...beforeNames]
        .filter(([key, names]) => afterNames.get(key) !== names)
        .map(([key]) => key.split("\u0000")[0]);
      expect(renamed.length).toBeGreaterThan(0);
      for (const raw of renamed)
        expect(["get-weather", "get.weather", "get/weather", "get_weather"]).toContain(raw);
    });
  });
});
