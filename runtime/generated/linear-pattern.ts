/**
 * The checks generated validators run server patterns with: RE2 (the `re2js` port), whose
 * matching time is linear in the input whatever the pattern. A server chooses both the pattern
 * (in its schema) and the string (in its output); with a backtracking engine such as `RegExp`,
 * `^(a+)+$` on 30 characters blocks the event loop for tens of seconds and no timeout can fire,
 * and even `a*b` is quadratic. Measured by `npm run bench:patterns`: on typical patterns re2js
 * costs 1–4 µs per test where `RegExp` costs 50–100 ns (10–60 times more, noise beside a network
 * round trip), and it stays linear where `RegExp` does not finish.
 *
 * The engine is 45 KB gzipped, half of a browser app's client, so it is loaded with a dynamic
 * import (a chunk of its own in a split build) when the first pattern check is made, that is when
 * a tool's validators are built, and a tool call waits for it before it validates. The Node, Bun
 * and Deno entries load it statically (`useLinearEngine`), so there every check runs at once.
 *
 * The generator writes the pattern in RE2 syntax with ECMAScript's meaning (see
 * templates/schema/lower/pattern-re2.ts), and checks that it compiles, so a failure here is a bug.
 * Each pattern is compiled on its first test, never at import.
 */
import { localError } from "../protocol/index.js";

/**
 * The part of re2js's `RE2JS` class used here, written out rather than imported: `useLinearEngine`
 * is public, and re2js's own declarations need TypeScript 5.7 (generic typed arrays), which would
 * raise the runtime's floor of 5.4 for every project that checks its libraries.
 */
interface CompiledPattern {
  test(input: string): boolean;
}
interface Engine {
  compile(source: string): CompiledPattern;
}

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;
/** Whether a predicate was made: some validator checks a pattern, so calls need the engine. */
let wanted = false;

/**
 * Hands the engine over, for entries that import it statically (Node, Bun, Deno): checks made
 * afterwards never wait. The first engine given or loaded stays.
 */
export function useLinearEngine(loaded: Engine): void {
  engine ??= loaded;
}

/**
 * Loads the engine if it is not there yet; resolves at once when it is. A browser app that runs
 * a validator itself (`binding.validators()`, a model tool's `inputSchema`) before any tool call
 * awaits this first. A failed load (a chunk the network lost) is tried again on the next call.
 * @throws McpError of kind `transport` when the engine's chunk cannot be loaded.
 */
export function loadLinearEngine(): Promise<void> {
  if (engine !== undefined) return Promise.resolve();
  loading ??= import("re2js").then(
    (module) => (engine ??= module.RE2JS),
    (error: unknown) => {
      loading = undefined;
      throw localError(
        "transport",
        "the RE2 engine that checks patterns could not be loaded (a chunk of the app's bundle); check the network and try again",
        {},
        error,
      );
    },
  );
  return loading.then(() => undefined);
}

/**
 * Undefined when every pattern check made so far can run now; else the engine's load, to await.
 * Tool calls ask this after building their validators, so a tool without patterns never waits.
 */
export function linearPatternsReady(): Promise<void> | undefined {
  return engine === undefined && wanted ? loadLinearEngine() : undefined;
}

function compile(source: string): CompiledPattern {
  if (engine === undefined) {
    throw localError(
      "validation",
      "a pattern was checked before the RE2 engine loaded; await loadLinearEngine() from @mcp-codegen/runtime before running validators outside a tool call",
    );
  }
  return engine.compile(source);
}

/**
 * A predicate: does a string contain a match of `source` (RE2 syntax)? Non-strings do not. Making
 * one starts loading the engine where it is not loaded yet.
 * @throws McpError of kind `validation` when tested before the engine loaded (browser builds only).
 */
export function linearPattern(source: string): (value: unknown) => boolean {
  // Started now and awaited by the tool call; a failure is reported there (and the load tried
  // again), not as an unhandled rejection.
  if (engine === undefined) {
    wanted = true;
    loadLinearEngine().catch(() => undefined);
  }
  let compiled: CompiledPattern | undefined;
  return (value) => typeof value === "string" && (compiled ??= compile(source)).test(value);
}

/**
 * A predicate for the keys `additionalProperties` applies to next to `patternProperties`: strings
 * that are none of `names` and contain a match of none of `sources` (RE2 syntax).
 */
export function outsidePatterns(
  names: readonly string[],
  sources: readonly string[],
): (value: unknown) => boolean {
  const declared = new Set(names);
  const patterns = sources.map(linearPattern);
  return (value) =>
    typeof value === "string" &&
    !declared.has(value) &&
    !patterns.some((matches) => matches(value));
}
