/**
 * W3C Trace Context (`traceparent`, `tracestate`) and W3C Baggage (`baggage`) for request `_meta`,
 * where MCP carries OpenTelemetry propagation. The values must follow the W3C formats, so they are
 * checked before they are sent: a malformed `traceparent` would make a server's tracer start a
 * new trace or drop the request's context without a word.
 *
 * Hand-written rather than taken from @opentelemetry/core: that package is a large dependency for
 * three string checks, and the runtime installs lean. Each check is a linear scan or a regular
 * expression without nested quantifiers.
 */
import { localError } from "./errors.js";

/** The propagation fields a request may carry in `_meta` (all optional strings). */
export interface TraceContext {
  /** `version-traceid-parentid-flags`, e.g. `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01`. */
  traceparent?: string;
  /** Vendor entries, `key=value` comma-separated, at most 32. */
  tracestate?: string;
  /** `key=value` pairs with optional `;properties`, comma-separated, at most 64 and 8192 bytes. */
  baggage?: string;
}

export const TRACE_CONTEXT_KEYS: readonly (keyof TraceContext)[] = [
  "traceparent",
  "tracestate",
  "baggage",
];

const TRACEPARENT_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
// A later version may append fields after the flags; only the known prefix is checked.
const TRACEPARENT_FUTURE = /^(?!ff)[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(?:-.*)?$/;
const ALL_ZERO = /^0+$/;

const TRACESTATE_KEY =
  /^(?:[a-z][_0-9a-z*/-]{0,255}|[a-z0-9][_0-9a-z*/-]{0,240}@[a-z][_0-9a-z*/-]{0,13})$/;
// Printable ASCII except `,` and `=`, and not ending in a space.
const TRACESTATE_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
const MAX_TRACESTATE_MEMBERS = 32;

// RFC 7230 token characters, for baggage keys and property names.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// baggage-octet: printable ASCII except space, `"`, `,`, `;` and `\` (percent-encoding allowed).
const BAGGAGE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;
const MAX_BAGGAGE_MEMBERS = 64;
const MAX_BAGGAGE_BYTES = 8192;

/** Why `value` is not a valid `traceparent`, or undefined when it is. */
export function traceparentProblem(value: string): string | undefined {
  const match =
    TRACEPARENT_00.exec(value) ?? (value.startsWith("00-") ? null : TRACEPARENT_FUTURE.exec(value));
  if (match === null) {
    return "expected version-traceid-parentid-flags in lowercase hex, e.g. 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
  }
  if (ALL_ZERO.test(match[1] ?? "")) return "the trace id is all zeros";
  if (ALL_ZERO.test(match[2] ?? "")) return "the parent id is all zeros";
  return undefined;
}

/** Why `value` is not a valid `tracestate`, or undefined when it is. */
export function tracestateProblem(value: string): string | undefined {
  const members = value
    .split(",")
    .map((member) => member.trim())
    .filter((member) => member !== "");
  if (members.length > MAX_TRACESTATE_MEMBERS) {
    return `it has ${members.length} entries; at most ${MAX_TRACESTATE_MEMBERS} are allowed`;
  }
  const seen = new Set<string>();
  for (const member of members) {
    const equals = member.indexOf("=");
    const key = equals < 0 ? member : member.slice(0, equals);
    if (
      equals < 0 ||
      !TRACESTATE_KEY.test(key) ||
      !TRACESTATE_VALUE.test(member.slice(equals + 1))
    ) {
      return `the entry ${JSON.stringify(member)} is not key=value with a lowercase key and printable value`;
    }
    if (seen.has(key)) return `the key ${JSON.stringify(key)} appears twice`;
    seen.add(key);
  }
  return undefined;
}

/** Why `value` is not a valid `baggage`, or undefined when it is. */
export function baggageProblem(value: string): string | undefined {
  if (new TextEncoder().encode(value).length > MAX_BAGGAGE_BYTES) {
    return `it is longer than ${MAX_BAGGAGE_BYTES} bytes`;
  }
  const members = value.split(",");
  if (members.length > MAX_BAGGAGE_MEMBERS) {
    return `it has ${members.length} entries; at most ${MAX_BAGGAGE_MEMBERS} are allowed`;
  }
  for (const member of members) {
    const [pair = "", ...properties] = member.split(";");
    const equals = pair.indexOf("=");
    if (
      equals < 0 ||
      !TOKEN.test(pair.slice(0, equals).trim()) ||
      !BAGGAGE_VALUE.test(pair.slice(equals + 1).trim()) ||
      !properties.every(isBaggageProperty)
    ) {
      return `the entry ${JSON.stringify(member.trim())} is not key=value[;property]`;
    }
  }
  return undefined;
}

function isBaggageProperty(property: string): boolean {
  const equals = property.indexOf("=");
  if (equals < 0) return TOKEN.test(property.trim());
  return (
    TOKEN.test(property.slice(0, equals).trim()) &&
    BAGGAGE_VALUE.test(property.slice(equals + 1).trim())
  );
}

const PROBLEM: Readonly<Record<keyof TraceContext, (value: string) => string | undefined>> = {
  traceparent: traceparentProblem,
  tracestate: tracestateProblem,
  baggage: baggageProblem,
};

/**
 * Throws an `McpError` of kind `input` naming the field and what is wrong, when a propagation
 * value is not a string in its W3C format. `source` says where it came from, for the message.
 */
export function checkTraceValue(
  key: keyof TraceContext,
  value: unknown,
  method: string,
  source: string,
): void {
  const problem = typeof value === "string" ? PROBLEM[key](value) : "it is not a string";
  if (problem === undefined) return;
  throw localError(
    "input",
    `${source} ${key} is not valid W3C ${key === "baggage" ? "Baggage" : "Trace Context"}: ${problem}`,
    { method },
  );
}
