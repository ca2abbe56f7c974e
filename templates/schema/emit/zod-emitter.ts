/**
 * Schema node → zod 4 source (an expression over `z`). Reads the same tree as the TypeScript
 * emitter, so the two agree: the validator's output type is assignable to the emitted type, and
 * it admits the values the type admits, plus the checks a type cannot state (lengths, patterns,
 * bounds, formats, `not`, `if`/`then`/`else`, `oneOf` exclusivity).
 */
import { numberLiteral, stringLiteral } from "./literals.js";
import {
  additionalKeysRefinement,
  LINEAR_PATTERN,
  OUTSIDE_PATTERNS,
  patternRefinement,
  shapeKey,
  zodLiterals,
  zodNumber,
  zodString,
} from "./zod-scalars.js";
import type {
  ArrayNode,
  ObjectNode,
  PropertyNode,
  RefinementRule,
  SchemaNode,
  UnionNode,
} from "../schema-node.js";

// Keys every plain object inherits. zod decides presence with `key in input`, so for an object
// declaring one of these, an absent key would look present (with a function value).
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

// Copies an object onto a null prototype before zod reads it, so that `key in input` sees own
// keys only. Fixed text: nothing from the schema is in it.
const OWN_KEYS_ONLY =
  '(value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value)';

/** Emits zod expressions; references are written as the given const names. */
export class ZodEmitter {
  readonly #names: readonly string[];
  readonly #runtime = new Set<string>();

  /** The runtime functions the emitted code calls (it must import them), sorted. */
  get runtimeValues(): readonly string[] {
    return [...this.#runtime].sort();
  }

  constructor(names: readonly string[]) {
    this.#names = names;
  }

  emit(node: SchemaNode): string {
    switch (node.kind) {
      case "unknown":
      case "never":
      case "null":
      case "boolean":
        return `z.${node.kind}()`;
      case "string":
        if (node.patterns.length > 0) this.#runtime.add(LINEAR_PATTERN);
        return zodString(node);
      case "number":
        return zodNumber(node);
      case "literal":
        return zodLiterals(node.values);
      case "ref":
        return this.#names[node.index] ?? "z.unknown()";
      case "union":
        return this.#union(node);
      case "intersection":
        return node.members
          .map((member) => this.emit(member))
          .reduce((text, member) => `${text}.and(${member})`);
      case "refined":
        return node.rules.reduce(
          (text, rule) => `${text}.refine(${this.#rule(rule)})`,
          this.emit(node.base),
        );
      case "array":
        return this.#array(node);
      case "object":
        return this.#object(node);
    }
  }

  #union(node: UnionNode): string {
    const emitted = node.members.map((member) => this.emit(member));
    // A repeated `oneOf` member matters: a value matching it matches twice, so no value passes
    // through it. Only inclusive unions may drop repeats.
    const members = node.exclusive ? emitted : [...new Set(emitted)];
    if (members.length === 1) return members[0] as string;
    if (node.exclusive) return `z.xor([${members.join(", ")}])`;
    const others = members.filter((member) => member !== "z.null()");
    if (others.length === 1 && members.length === 2) return `${others[0] as string}.nullable()`;
    return `z.union([${members.join(", ")}])`;
  }

  #rule(rule: RefinementRule): string {
    if (rule.kind === "not")
      return `(value) => !${this.emit(rule.node)}.safeParse(value).success, ${stringLiteral("must not match the schema in `not`")}`;
    const branches = `(${this.emit(rule.if)}.safeParse(value).success ? ${this.emit(rule.then)} : ${this.emit(rule.else)})`;
    return `(value) => ${branches}.safeParse(value).success, ${stringLiteral("must match `then` when `if` matches, else `else`")}`;
  }

  #array(node: ArrayNode): string {
    const rest = node.rest.kind === "never" ? undefined : this.emit(node.rest);
    if (node.prefix.length === 0) {
      if (rest === undefined) return "z.tuple([])";
      const min = node.minItems === undefined ? "" : `.min(${numberLiteral(node.minItems)})`;
      const max = node.maxItems === undefined ? "" : `.max(${numberLiteral(node.maxItems)})`;
      return `z.array(${rest})${min}${max}`;
    }
    const elements = node.prefix.map((element, i) => {
      const text = this.emit(element);
      return i < node.requiredPrefix ? text : `${text}.exactOptional()`;
    });
    let text = `z.tuple([${elements.join(", ")}]${rest === undefined ? "" : `, ${rest}`})`;
    // The tuple states the prefix; only counts beyond it need their own checks.
    if (node.minItems !== undefined && node.minItems > node.prefix.length)
      text += `.check(z.minLength(${numberLiteral(node.minItems)}))`;
    const fixedMax = rest === undefined ? node.prefix.length : Infinity;
    if (node.maxItems !== undefined && node.maxItems < fixedMax)
      text += `.check(z.maxLength(${numberLiteral(node.maxItems)}))`;
    return text;
  }

  #object(node: ObjectNode): string {
    const shape = node.properties.map(
      (property) => `${shapeKey(property.name)}: ${this.#property(property)}`,
    );
    const body = shape.length === 0 ? "{}" : `{ ${shape.join(", ")} }`;
    let text: string;
    if (node.patternProperties.length > 0) text = this.#patterned(node, body);
    else if (node.additional.kind === "unknown") text = `z.looseObject(${body})`;
    else if (node.additional.kind === "never") text = `z.strictObject(${body})`;
    else text = `z.object(${body}).catchall(${this.emit(node.additional)})`;
    const inherits = node.properties.some(
      (property) => INHERITED.has(property.name) && property.name !== "__proto__",
    );
    if (inherits) text = `z.preprocess(${OWN_KEYS_ONLY}, ${text})`;
    const proto = node.properties.find((property) => property.name === "__proto__");
    return proto === undefined ? text : this.#ownProto(proto, text);
  }

  #property(property: PropertyNode): string {
    const text = this.emit(property.node);
    // zod never reads a `__proto__` key (see #ownProto); declaring it keeps a closed object from
    // rejecting it.
    if (property.name === "__proto__") return `${text}.optional()`;
    return property.required ? text : `${text}.optional()`;
  }

  /**
   * zod skips a `__proto__` key by name, so a declared `__proto__` property is checked before the
   * object is: an own property of that name (as `JSON.parse` creates, or a computed key), never
   * the prototype, which every object has. Non-objects pass here and fail in `object`.
   */
  #ownProto(property: PropertyNode, object: string): string {
    const absent = property.required ? "false" : "true";
    const check = `(value) => typeof value !== "object" || value === null || (Object.hasOwn(value, "__proto__") ? ${this.emit(property.node)}.safeParse(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).success : ${absent})`;
    const message = stringLiteral(
      property.required
        ? "`__proto__` must be an own property matching its schema"
        : "`__proto__`, when present, must match its schema",
    );
    return `z.unknown().refine(${check}, ${message}).pipe(${object})`;
  }

  /**
   * With `patternProperties`: every key matching a pattern is checked by a loose record (which
   * leaves other keys alone), and the keys matching neither a name nor a pattern by one more.
   */
  #patterned(node: ObjectNode, body: string): string {
    let text = `z.looseObject(${body})`;
    for (const { pattern, node: value } of node.patternProperties) {
      if (pattern === undefined) continue;
      this.#runtime.add(LINEAR_PATTERN);
      text += `.and(z.looseRecord(z.string()${patternRefinement(pattern)}, ${this.emit(value)}))`;
    }
    if (node.additional.kind !== "unknown" && node.additionalKeys !== undefined) {
      this.#runtime.add(OUTSIDE_PATTERNS);
      text += `.and(z.looseRecord(z.string()${additionalKeysRefinement(node.additionalKeys)}, ${this.emit(node.additional)}))`;
    }
    return text;
  }
}
