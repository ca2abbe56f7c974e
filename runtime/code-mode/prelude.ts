/**
 * The JavaScript that runs in the sandbox before the model's code: it builds `servers` and
 * `console` over two host functions that only ever exchange strings, and returns the runner the
 * host starts the model's code with.
 *
 * The host functions are parameters of this function, never globals, so the model's code cannot
 * reach them; the built-ins the bridge relies on (`JSON`, `Reflect.apply`, `String.prototype.
 * slice`) are taken before that code runs, so replacing or polluting them later changes nothing
 * the host sees: the host reads only strings, parsed by its own `JSON.parse`.
 */

/** The function expression evaluated in the sandbox; see the module comment. */
export const PRELUDE = String.raw`(function (bridge, emit, catalogJson, clipAt) {
  "use strict";
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const define = Object.defineProperty;
  const freeze = Object.freeze;
  const create = Object.create;
  const apply = Reflect.apply;
  const slice = String.prototype.slice;
  const join = Array.prototype.join;
  const map = Array.prototype.map;
  const StringOf = String;
  const clip = (text) => (text.length > clipAt ? apply(slice, text, [0, clipAt]) + "…" : text);
  class ToolError extends Error {
    constructor(message, kind, tool) {
      super(message);
      define(this, "name", { value: "ToolError", configurable: true, writable: true });
      this.kind = kind;
      this.tool = tool;
    }
  }
  const settle = (text, tool) => {
    const answer = parse(text);
    if (answer.ok) return answer.value;
    throw new ToolError(answer.message, answer.kind, tool);
  };
  const servers = create(null);
  for (const [server, key, index, path] of parse(catalogJson)) {
    if (servers[server] === undefined) define(servers, server, { value: create(null), enumerable: true });
    const call = async (args) => {
      let text;
      try {
        text = stringify(args === undefined ? {} : args);
      } catch (error) {
        throw new ToolError(path + ": the arguments cannot be sent as JSON (" + StringOf(error && error.message) + ")", "input", path);
      }
      return settle(await bridge(index, text === undefined ? "null" : text), path);
    };
    define(servers[server], key, { value: freeze(call), enumerable: true });
  }
  for (const server in servers) freeze(servers[server]);
  define(globalThis, "servers", { value: freeze(servers), enumerable: true });
  define(globalThis, "ToolError", { value: ToolError });
  const show = (value) => {
    if (typeof value === "string") return value;
    try {
      const text = stringify(value);
      return text === undefined ? StringOf(value) : text;
    } catch {
      return "[unprintable]";
    }
  };
  const log = (level) => (...values) => emit(level, clip(apply(join, apply(map, values, [show]), [" "])));
  define(globalThis, "console", {
    value: freeze({ log: log("log"), info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") }),
  });
  const describe = (error) => {
    if (typeof error !== "object" || error === null) return { name: "Thrown", message: clip(show(error)) };
    return {
      name: clip(StringOf(error.name)),
      message: clip(StringOf(error.message)),
      stack: typeof error.stack === "string" ? clip(error.stack) : undefined,
      kind: typeof error.kind === "string" ? clip(error.kind) : undefined,
    };
  };
  // "R" and the value as JSON ("" for undefined), or "E" and the error, described.
  return async (body) => {
    try {
      const value = await body();
      if (value === undefined) return "R";
      const text = stringify(value);
      if (text === undefined) {
        return "E" + stringify({ name: "TypeError", message: "the returned value is not JSON data (a function or a symbol): return plain data" });
      }
      return "R" + text;
    } catch (error) {
      return "E" + stringify(describe(error));
    }
  };
})`;
