/**
 * Reading values out of the sandbox with care: a thrown value may be anything the code made, as
 * long as it likes, with getters that throw, so at most `CLIP` characters are copied out and a
 * value that cannot be read is described, never rethrown.
 */
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";

/** Longest text taken from the sandbox for one log line or error part. */
export const CLIP = 2_000;

/** An error as one line: its name, its message, and its line in the code (not the wrapper's). */
export function errorText(thrown: {
  name?: string | undefined;
  message?: string | undefined;
  stack?: string | undefined;
}): string {
  const where = /code\.js:(\d+)/.exec(thrown.stack ?? "");
  // The code is wrapped in one line of function header: its own line numbers are one less.
  const line = where ? ` (line ${Number(where[1]) - 1})` : "";
  return `${thrown.name ?? "Error"}: ${thrown.message ?? ""}${line}`;
}

/** A thrown value as text, read with care: it may be huge, or a getter may throw. */
export function describe(context: QuickJSContext, handle: QuickJSHandle): string {
  try {
    if (context.typeof(handle) !== "object") return readText(context, handle);
    const part = (name: string): string | undefined => {
      const prop = context.getProp(handle, name);
      try {
        return context.typeof(prop) === "string" ? readText(context, prop) : undefined;
      } finally {
        prop.dispose();
      }
    };
    return errorText({ name: part("name"), message: part("message"), stack: part("stack") });
  } catch {
    return "a value that cannot be shown";
  }
}

/** A sandbox string (or primitive) as host text, at most `CLIP` characters copied. */
export function readText(context: QuickJSContext, handle: QuickJSHandle): string {
  if (context.typeof(handle) !== "string") return String(context.dump(handle)).slice(0, CLIP);
  if (numberProp(context, handle, "length") > CLIP * 4) return "[text too long to show]";
  return context.getString(handle).slice(0, CLIP);
}

/** A number property of a sandbox value, such as a string's `length`. */
export function numberProp(context: QuickJSContext, handle: QuickJSHandle, name: string): number {
  const prop = context.getProp(handle, name);
  try {
    return context.getNumber(prop);
  } finally {
    prop.dispose();
  }
}
