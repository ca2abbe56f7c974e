/**
 * TypeScript type expressions as text, with how tightly each binds, so combining them adds
 * parentheses only where needed: the vocabulary the type emitter (typescript.ts) builds with.
 */
import { numberLiteral, propertyName, stringLiteral } from "./literals.js";
import type { JsonValue } from "../schema-node.js";

/** How tightly a type expression binds: unions need parentheses inside `&`, `[]` and `?`. */
export const Binding = { Union: 0, Intersection: 1, Atom: 2 } as const;
export type Binding = (typeof Binding)[keyof typeof Binding];

export interface Emitted {
  readonly text: string;
  readonly binding: Binding;
  /** The texts of the union members (one, itself, when not a union). */
  readonly members: readonly string[];
  /** A keyword, a name or a primitive literal (or a union of them): cheap to repeat. */
  readonly simple: boolean;
}

export const atom = (text: string): Emitted => ({
  text,
  binding: Binding.Atom,
  members: [text],
  simple: false,
});
export const simpleAtom = (text: string): Emitted => ({
  text,
  binding: Binding.Atom,
  members: [text],
  simple: true,
});

/** An object with no keys at all (`{}` would mean any non-nullish value). */
export const CLOSED_EMPTY = "{ [k: string]: never }";
/** An object with no declared properties that admits any: what a bare `type: "object"` gives. */
export const OPEN_EMPTY = "{ [k: string]: unknown }";

/** The exact type of one JSON value. */
export function literalType(value: JsonValue): Emitted {
  if (value === null) return simpleAtom("null");
  if (typeof value === "string") return simpleAtom(stringLiteral(value));
  if (typeof value === "boolean") return simpleAtom(String(value));
  if (typeof value === "number") {
    const text = numberLiteral(value);
    // `-1[]` does not parse as an array of -1.
    return {
      text,
      binding: value < 0 ? Binding.Intersection : Binding.Atom,
      members: [text],
      simple: true,
    };
  }
  if (Array.isArray(value))
    return atom(
      `[${(value as readonly JsonValue[]).map((item) => literalType(item).text).join(", ")}]`,
    );
  const object = value as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(object);
  if (keys.length === 0) return atom(CLOSED_EMPTY);
  return atom(
    `{ ${keys.map((key) => `${propertyName(key)}: ${literalType(object[key] as JsonValue).text}`).join("; ")} }`,
  );
}

export function unionOf(members: readonly Emitted[]): Emitted {
  // One member that is one type (most properties, literals, items): itself, with no sets built.
  const only = members.length === 1 ? (members[0] as Emitted) : undefined;
  if (
    only?.members.length === 1 &&
    only.members[0] === only.text &&
    only.text !== "never" &&
    only.text !== "unknown"
  )
    return only;
  const texts = [...new Set(members.flatMap((member) => member.members))].filter(
    (text) => text !== "never",
  );
  if (texts.includes("unknown")) return simpleAtom("unknown");
  if (texts.length === 0) return simpleAtom("never");
  const simple = members.every((member) => member.simple);
  const union: Emitted = {
    text: texts.join(" | "),
    binding: Binding.Union,
    members: texts,
    simple,
  };
  return texts.length === 1 ? (members.find((member) => member.text === texts[0]) ?? union) : union;
}

/**
 * Drops closed empty objects from an intersection with other members: zod checks the keys of an
 * intersection together (a key declared by any member is allowed), so the validator admits what
 * the other members admit, and the type must not exclude it.
 */
export function notClosedEmpty(member: Emitted, _: number, all: readonly Emitted[]): boolean {
  return member.text !== CLOSED_EMPTY || all.every((other) => other.text === CLOSED_EMPTY);
}

/**
 * Drops an open empty object (`type: "object"` beside `oneOf` of object shapes) from an
 * intersection with other members: its index signature would let any property access compile,
 * hiding the precise members. The validator still checks it is an object.
 */
export function notOpenEmpty(member: Emitted, _: number, all: readonly Emitted[]): boolean {
  return member.text !== OPEN_EMPTY || all.every((other) => other.text === OPEN_EMPTY);
}

export function intersectionOf(members: readonly Emitted[]): Emitted {
  const texts = [...new Set(members.map((member) => wrap(member, Binding.Intersection)))];
  if (texts.length === 1) return members[0] as Emitted;
  const text = texts.join(" & ");
  return { text, binding: Binding.Intersection, members: [text], simple: false };
}

/** The text of `emitted`, parenthesised if it binds more loosely than `needed`. */
export function wrap(emitted: Emitted, needed: Binding): string {
  return emitted.binding < needed ? `(${emitted.text})` : emitted.text;
}

export function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
