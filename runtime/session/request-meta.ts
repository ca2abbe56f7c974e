/**
 * The `_meta` pieces a session adds to a request: the W3C trace context fields, checked, and the
 * params object with `_meta` added the fast way.
 */
import { checkTraceValue, TRACE_CONTEXT_KEYS, type TraceContext } from "../protocol/index.js";
import type { Meta } from "../protocol/index.js";

/**
 * Adds the propagation fields to `meta`, each checked against its W3C format. Values from the
 * client's hook (`fromHook`) do not replace ones the caller put in `meta` for this request.
 */
export function addTraceContext(
  meta: Meta,
  trace: TraceContext,
  fromHook: boolean,
  method: string,
): void {
  for (const key of TRACE_CONTEXT_KEYS) {
    const value = trace[key];
    if (value === undefined || (fromHook && meta[key] !== undefined)) continue;
    checkTraceValue(
      key,
      value,
      method,
      fromHook ? "the traceContext hook's" : "the trace option's",
    );
    meta[key] = value;
  }
}

/**
 * `{ ...params, _meta: meta }`, built the fast way. In V8 an object spread followed by more keys
 * comes out in slow (dictionary) mode: about 1 µs to build, and `JSON.stringify` of the request
 * then takes twice as long. `Object.assign` onto `{}` differs from a spread only for an own
 * `__proto__` key (assigning it would set the prototype), which keeps the spread.
 */
export function withMeta(params: Record<string, unknown>, meta: Meta): Record<string, unknown> {
  if (Object.hasOwn(params, "__proto__")) return { ...params, _meta: meta };
  const copy: Record<string, unknown> = Object.assign({}, params);
  copy._meta = meta;
  return copy;
}
