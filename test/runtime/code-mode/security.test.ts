/**
 * Code mode's sandbox against hostile model-written code, a table: each row runs in a real
 * QuickJS sandbox over a generated client of the demo server (official SDK, loopback), and
 * checks what the code got, that the server saw only the calls allowed, and that the host
 * process is unaffected (no pollution, a later run still works).
 */
import { describe, expect, it } from "vitest";
import {
  createCodeMode,
  type CodeMode,
  type CodeModeLimits,
  type CodeModeResult,
} from "@mcp-codegen/runtime/code-mode";
import { allTools } from "../../../examples/trip-planner/all-tools.js";
import { tripPlannerWorld } from "../governance/trip-planner-world.js";

const world = tripPlannerWorld();

/** A code mode over the trip planner with `book` hidden by the client's selection. */
async function codeMode(limits: CodeModeLimits): Promise<CodeMode> {
  const trip = await world.tripPlanner({ tools: { exclude: ["book"] } });
  return createCodeMode({ servers: { trip: { client: trip, tools: allTools } }, limits });
}

// [what, code, limits, check of the result, tools/call names the server may see]
type Row = readonly [
  string,
  string,
  CodeModeLimits,
  (result: CodeModeResult) => void,
  readonly string[],
];

const failsWith = (kind: string) => (result: CodeModeResult) => {
  expect(result.ok).toBe(false);
  expect(result.error?.kind).toBe(kind);
};

const TABLE: readonly Row[] = [
  [
    "process, require, fetch and other host globals",
    `return [typeof process, typeof require, typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof setTimeout, typeof globalThis.std, typeof globalThis.os]`,
    {},
    (result) => expect(result.value).toEqual(Array(8).fill("undefined")),
    [],
  ],
  [
    "the Function constructor from a bridge function, the servers object and a call's promise",
    `const F = servers.trip.getWeather.constructor;
     const promise = servers.trip.getWeather({ city: "Oslo" });
     const G = promise.constructor.constructor("return globalThis")();
     await promise;
     const g = F("return this")();
     // An async function's constructor: AsyncFunction, whose functions return promises.
     return [await F("return typeof process")(), typeof G.process, typeof g.require,
       Object.getPrototypeOf(servers), Object.keys(g).filter((key) => !["servers"].includes(key))]`,
    {},
    (result) => expect(result.value).toEqual(["undefined", "undefined", "undefined", null, []]),
    ["get_weather"],
  ],
  [
    "require and import()",
    `const out = [];
     try { require("node:fs") } catch (e) { out.push(e.name) }
     try { await import("node:fs") } catch (e) { out.push(e.name) }
     return out`,
    {},
    (result) => expect(result.value).toEqual(["ReferenceError", "ReferenceError"]),
    [],
  ],
  [
    "a static import",
    `import fs from "node:fs"; return fs.readFileSync("/etc/hostname", "utf8")`,
    {},
    failsWith("syntax"),
    [],
  ],
  [
    "prototype pollution and replaced built-ins around the bridge",
    `Object.prototype.city = "Hacked";
     Object.prototype.days = 99;
     JSON.stringify = () => '{"city":"Hacked"}';
     JSON.parse = () => ({ ok: true, value: "forged" });
     Array.prototype.push = () => 0;
     try { servers.trip.getWeather = async () => "mine" } catch {}
     try { servers.trip.book = async () => "mine" } catch {}
     const result = await servers.trip.getWeather({ city: "Oslo" });
     return [typeof result, result.content[0].text.includes("Oslo"), typeof servers.trip.book]`,
    {},
    (result) => expect(result.value).toEqual(["object", true, "undefined"]),
    ["get_weather"],
  ],
  ["an endless loop", `for (;;) {}`, { timeMs: 500 }, failsWith("timeout"), []],
  [
    "an endless loop that catches the interruption",
    `for (;;) { try { for (;;) {} } catch {} }`,
    { timeMs: 500 },
    failsWith("timeout"),
    [],
  ],
  [
    "an endless promise chain",
    `const next = () => Promise.resolve().then(next); next(); await new Promise(() => {})`,
    { timeMs: 500 },
    failsWith("timeout"),
    [],
  ],
  [
    "a memory bomb of small objects",
    `const all = []; for (;;) all.push({ a: all.length, b: "x" + all.length })`,
    { memoryBytes: 8 * 1024 * 1024, timeMs: 60_000 },
    failsWith("memory"),
    [],
  ],
  [
    "a memory bomb of growing arrays (realloc, which QuickJS's own limit misses)",
    `const all = []; for (;;) all.push(new Array(1000).fill(0))`,
    { memoryBytes: 8 * 1024 * 1024, timeMs: 60_000 },
    failsWith("memory"),
    [],
  ],
  [
    "a string bomb",
    `let s = "ab"; for (;;) s += s`,
    { memoryBytes: 8 * 1024 * 1024 },
    (result) => {
      expect(result.ok).toBe(false);
      expect(["memory", "runtime"]).toContain(result.error?.kind);
    },
    [],
  ],
  [
    "endless recursion",
    `const down = (n) => down(n + 1); return down(0)`,
    {},
    (result) => {
      failsWith("runtime")(result);
      expect(result.error?.message).toMatch(/stack overflow/);
    },
    [],
  ],
  ["a huge output", `return "x".repeat(100000)`, { outputBytes: 1000 }, failsWith("output"), []],
  [
    "huge logs",
    `for (let i = 0; i < 10000; i++) console.log("y".repeat(1000)); return "done"`,
    { logChars: 5000 },
    (result) => {
      expect(result.value).toBe("done");
      expect(result.logs.reduce((total, line) => total + line.text.length, 0)).toBeLessThanOrEqual(
        5000 + 100,
      );
      expect(result.logs.at(-1)?.text).toMatch(/cut/);
    },
    [],
  ],
  [
    "calling a hidden tool by guessing its names",
    `const out = [typeof servers.trip.book, typeof servers.trip["book"]];
     try { await servers.trip.book({}) } catch (e) { out.push(e.name) }
     return out`,
    {},
    (result) => expect(result.value).toEqual(["undefined", "undefined", "TypeError"]),
    [],
  ],
  [
    "wrong arguments",
    `try { await servers.trip.getWeather({ town: "Oslo" }) } catch (e) { return [e.name, e.kind, e.message] }`,
    {},
    (result) => {
      const [name, kind, message] = result.value as string[];
      expect([name, kind]).toEqual(["ToolError", "input"]);
      expect(message).toMatch(/city/);
    },
    [],
  ],
  [
    "more tool calls than the limit",
    `const out = [];
     for (let i = 0; i < 5; i++) {
       try { await servers.trip.getWeather({ city: "Oslo" }); out.push("ok") } catch (e) { out.push(e.kind) }
     }
     return out`,
    { toolCalls: 2 },
    (result) => expect(result.value).toEqual(["ok", "ok", "limit", "limit", "limit"]),
    ["get_weather", "get_weather"],
  ],
];

describe("code mode contains hostile code", () => {
  it.each(TABLE)("%s", async (_what, code, limits, check, allowed) => {
    const mode = await codeMode(limits);
    const before = world.server.toolCalls().length;
    const result = await mode.execute(code);
    check(result);
    expect(world.server.toolCalls().slice(before)).toEqual(allowed);
    // The host is untouched, and the next run (a fresh sandbox) works.
    expect(({} as Record<string, unknown>).city).toBeUndefined();
    expect(JSON.parse(JSON.stringify({ a: 1 }))).toEqual({ a: 1 });
    const after = await mode.execute("return [typeof Object.prototype.city, 1 + 1]");
    expect(after.value).toEqual(["undefined", 2]);
  });
});
