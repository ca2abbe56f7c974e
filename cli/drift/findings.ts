/**
 * What comparing two versions of a JSON Schema finds, before it is known whether the schema is
 * an input (the client writes values) or an output (the client reads them): each finding says
 * whether the set of accepted values narrowed, widened, or changed beyond proof.
 */

/**
 * - `narrowed`: some values accepted before are rejected now (breaks inputs, fine for outputs).
 * - `widened`: some values rejected before are accepted now (fine for inputs, breaks outputs).
 * - `incompatible`: breaks either way (changed both ways, removed, or not provably compatible).
 * - `neutral`: no effect on which values are accepted.
 */
export type SchemaEffect = "narrowed" | "widened" | "incompatible" | "neutral";

export interface SchemaFinding {
  /** Kebab-case, without the `input-`/`output-` prefix: `property-removed`, `enum-narrowed`… */
  change: string;
  /** Property names from the schema's root; `[]` for array items, `{*}` for additionalProperties. */
  path: readonly string[];
  /** What changed, in words, with every server-provided string quoted. */
  detail: string;
  effect: SchemaEffect;
}

/** Which side of a tool call a schema describes. */
export type SchemaDirection = "input" | "output";

/** Whether a finding breaks clients, given the side of the call the schema describes. */
export function isBreaking(effect: SchemaEffect, direction: SchemaDirection): boolean {
  if (effect === "incompatible") return true;
  if (effect === "neutral") return false;
  return direction === "input" ? effect === "narrowed" : effect === "widened";
}

/** Appends findings; shared by the keyword checks and the structural walk. */
export type Emit = (
  change: string,
  path: readonly string[],
  detail: string,
  effect: SchemaEffect,
) => void;

/** The state of one schema comparison: where findings go, and the work done so far. */
export interface SchemaWalk {
  emit: Emit;
  /** Nodes visited, shared with probes so that comparing variants pairwise stays bounded. */
  visits: number;
  /** Set once the budget ran out, so that is reported once. */
  exhausted: boolean;
}

/** The node comparison, passed to the variant comparison so the two can recurse into each other. */
export type CompareNode = (
  before: unknown,
  after: unknown,
  path: readonly string[],
  depth: number,
  walk: SchemaWalk,
) => void;
