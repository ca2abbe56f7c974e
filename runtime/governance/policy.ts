/**
 * The client's tool policy (`ConnectOptions.policy`): for each call, by the tool's name, the
 * principal it is for and the tool's annotations, allow it, deny it, or ask an approver.
 *
 * Annotations are hints the server chooses, and the spec says to treat them as untrusted. So a
 * rule keyed on them may only make a decision stricter (deny > ask > allow): such a rule must
 * `deny` or `ask` (an `allow` is refused when the policy is made), and its decision only counts
 * where it is stricter than what the rules without annotation conditions decide. A server that
 * lies about its hints can at most get its tools asked about or denied, never let through.
 */
import type { DeniedErrorData } from "../protocol/index.js";
import { McpError, describeContext, localError } from "../protocol/index.js";
import type { ToolAnnotations } from "../protocol/index.js";
import type { ToolCallRequest } from "./hooks.js";
import { globMatcher, type NameMatcher } from "./name-pattern.js";

export type PolicyDecision = "allow" | "deny" | "ask";

/** The boolean hints a rule may key on; an absent hint counts as the spec's default. */
export interface AnnotationCondition {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One rule. Every condition given must hold for it to match; none given matches every call. */
export interface PolicyRule {
  /** Named in `denied` errors and approval requests; default `rules[<index>]`. */
  name?: string;
  /** Tool names: exact names and `*` globs. */
  tools?: string | readonly string[];
  /** Principals (who the call is for): exact names and `*` globs. */
  principals?: string | readonly string[];
  /** Hints the tool's annotations must have. Such a rule may only `deny` or `ask`. */
  annotations?: AnnotationCondition;
  decision: PolicyDecision;
}

/** What the approver is asked about. */
export interface ApprovalRequest extends ToolCallRequest {
  /** The rule that asks. */
  readonly rule: string;
  /** The call's abort signal, to take the question down if the caller gives up. */
  readonly signal: AbortSignal | undefined;
}

/** `"always"` allows this call and grants the principal this tool until `revoke`. */
export type ApprovalAnswer = "allow" | "deny" | "always";

export type Approver = (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;

export interface PolicyOptions {
  /** Checked in order; the first that matches decides (see the module comment for hints). */
  rules?: readonly PolicyRule[];
  /** The decision when no rule matches (default `"allow"`). */
  default?: PolicyDecision;
  /** Answers the calls a rule asks about; without it, those calls are denied. */
  approver?: Approver;
  /** Whom a call is for when it names no `principal` (default `"default"`). */
  defaultPrincipal?: string;
}

/** A standing approval: `principal` may call `tool` without being asked. */
export interface Grant {
  readonly principal: string;
  readonly tool: string;
}

export type { DeniedErrorData } from "../protocol/index.js";

/** What `decide` found: the decision and the rule that made it. */
export interface PolicyVerdict {
  readonly decision: PolicyDecision;
  readonly rule: string;
}

const STRICTNESS: Readonly<Record<PolicyDecision, number>> = { allow: 0, ask: 1, deny: 2 };
/** The spec's defaults for absent hints (ToolAnnotations). */
const HINT_DEFAULTS: Readonly<Required<AnnotationCondition>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};
const HINTS = Object.keys(HINT_DEFAULTS) as (keyof AnnotationCondition)[];

interface CompiledRule {
  readonly name: string;
  readonly decision: PolicyDecision;
  readonly keyedOnHints: boolean;
  matches(tool: string, principal: string, hints: ToolAnnotations | undefined): boolean;
}

/** A policy, with its store of standing grants. Make one with `createPolicy`. */
export class ToolPolicy {
  readonly defaultPrincipal: string;
  /** Whether a rule reads annotations, so a call should know the tool's definition. */
  readonly usesAnnotations: boolean;
  readonly #rules: readonly CompiledRule[];
  readonly #default: PolicyDecision;
  readonly #approver: Approver | undefined;
  readonly #grants = new Map<string, Set<string>>();

  /** @throws McpError of kind `input` for a malformed rule, or an annotation rule that allows. */
  constructor(options: PolicyOptions = {}) {
    this.#default = checkDecision(options.default ?? "allow", "policy default");
    this.#rules = (options.rules ?? []).map(compileRule);
    this.#approver = options.approver;
    this.defaultPrincipal = options.defaultPrincipal ?? "default";
    this.usesAnnotations = this.#rules.some((rule) => rule.keyedOnHints);
  }

  /** The decision for a call of `tool` for `principal`, before grants and the approver. */
  decide(tool: string, principal: string, annotations?: ToolAnnotations): PolicyVerdict {
    const first = (rules: readonly CompiledRule[]): PolicyVerdict => {
      const rule = rules.find((each) => each.matches(tool, principal, annotations));
      return rule === undefined
        ? { decision: this.#default, rule: "default" }
        : { decision: rule.decision, rule: rule.name };
    };
    const all = first(this.#rules);
    if (!this.usesAnnotations) return all;
    // What the rules the server cannot influence decide: a hint may only make it stricter.
    const trusted = first(this.#rules.filter((rule) => !rule.keyedOnHints));
    return STRICTNESS[trusted.decision] > STRICTNESS[all.decision] ? trusted : all;
  }

  /**
   * Lets the call through, asking the approver where a rule asks and no grant answers.
   * @throws McpError of kind `denied` when the policy or the approver refuses it.
   */
  async authorize(call: ToolCallRequest, signal?: AbortSignal): Promise<void> {
    const { name, principal } = call;
    const verdict = this.decide(name, principal, call.definition?.annotations);
    if (verdict.decision === "allow") return;
    const context = { method: "tools/call", target: name };
    const refuse = (reason: DeniedErrorData["reason"], message: string, cause?: unknown) =>
      new McpError({
        ...context,
        kind: "denied",
        data: { tool: name, principal, rule: verdict.rule, reason },
        message: `${describeContext(context)}${message}`,
        cause,
      });
    const about = `for principal ${JSON.stringify(principal)} (policy rule "${verdict.rule}")`;
    if (verdict.decision === "deny") {
      throw refuse("rule", `denied ${about}; change the policy's rules to allow it`);
    }
    if (this.#grants.get(principal)?.has(name) === true) return;
    if (this.#approver === undefined) {
      throw refuse(
        "no-approver",
        `needs approval ${about}, but the policy has no approver; pass one as createPolicy({ approver })`,
      );
    }
    let answer: unknown;
    try {
      answer = await this.#approver({ ...call, rule: verdict.rule, signal });
    } catch (error) {
      throw refuse("approver-failed", `the approver failed ${about}, so the call is denied`, error);
    }
    if (answer === "always") this.#grant(principal, name);
    if (answer === "always" || answer === "allow") return;
    if (answer === "deny") throw refuse("approver", `the approver denied the call ${about}`);
    throw refuse(
      "approver-failed",
      `the approver answered ${JSON.stringify(answer)} ${about}, not "allow", "deny" or "always", so the call is denied`,
    );
  }

  /** The standing grants (`"always"` answers), in the order they were given. */
  grants(): Grant[] {
    return [...this.#grants].flatMap(([principal, tools]) =>
      [...tools].map((tool) => ({ principal, tool })),
    );
  }

  /** Withdraws a grant, so the next call is asked about again; false if there was none. */
  revoke(principal: string, tool: string): boolean {
    const tools = this.#grants.get(principal);
    const had = tools?.delete(tool) === true;
    if (tools?.size === 0) this.#grants.delete(principal);
    return had;
  }

  #grant(principal: string, tool: string): void {
    const tools = this.#grants.get(principal) ?? new Set<string>();
    tools.add(tool);
    this.#grants.set(principal, tools);
  }
}

/** Makes a policy (see `PolicyOptions`); keep it to read or revoke its grants. */
export function createPolicy(options: PolicyOptions = {}): ToolPolicy {
  return new ToolPolicy(options);
}

/** Options of `askBeforeUnsafeTools`: a policy's, and whom to believe about read-only tools. */
export interface UnsafeToolsOptions extends Omit<PolicyOptions, "approver" | "default"> {
  /**
   * Tools the caller knows to be read-only (exact names and `*` globs): they run without asking.
   * The caller's own judgement, so unlike a hint it may allow.
   */
  readOnlyTools?: string | readonly string[];
  /**
   * Believe the server's `readOnlyHint: true`: such tools run without asking. Only for a server
   * the caller runs or trusts, since any server can mark a destructive tool read-only. Default
   * `false`: every tool not in `readOnlyTools` is asked about, whatever its hints.
   */
  trustReadOnlyHints?: boolean;
}

/**
 * The usual policy for an agent: ask `approver` before every tool call, except the tools the
 * caller names in `readOnlyTools` and, with `trustReadOnlyHints: true`, those the server marks
 * read-only. Hints come from the server, so by default they can only make a decision stricter,
 * never let a call through. `rules` given come first (a `deny` there still wins; an `allow`
 * there skips the question for the tools it names).
 */
export function askBeforeUnsafeTools(
  approver: Approver,
  options: UnsafeToolsOptions = {},
): ToolPolicy {
  const { readOnlyTools, trustReadOnlyHints, ...policy } = options;
  const rules: PolicyRule[] = [...(options.rules ?? [])];
  if (readOnlyTools !== undefined) {
    rules.push({ name: "read-only (readOnlyTools)", tools: readOnlyTools, decision: "allow" });
  }
  // Trusted, the hint decides what is asked about; else every other call is (one rule name for
  // both, as `denied` errors and the approver see it).
  rules.push(
    trustReadOnlyHints === true
      ? { name: "not read-only", annotations: { readOnlyHint: false }, decision: "ask" }
      : { name: "not read-only", decision: "ask" },
  );
  return new ToolPolicy({ ...policy, approver, default: "allow", rules });
}

function compileRule(rule: PolicyRule, index: number): CompiledRule {
  const name = rule.name ?? `rules[${index}]`;
  const decision = checkDecision(rule.decision, `policy rule "${name}"`);
  const tools = patterns(rule.tools, `policy rule "${name}" tools`);
  const principals = patterns(rule.principals, `policy rule "${name}" principals`);
  const hints = rule.annotations === undefined ? undefined : checkHints(rule.annotations, name);
  if (hints !== undefined && decision === "allow") {
    throw localError(
      "input",
      `policy rule "${name}" keys on annotations, which the server chooses and may misstate, so it may only "deny" or "ask"; key it on tool names to allow`,
    );
  }
  return {
    name,
    decision,
    keyedOnHints: hints !== undefined,
    matches: (tool, principal, annotations) =>
      (tools === undefined || tools(tool)) &&
      (principals === undefined || principals(principal)) &&
      (hints === undefined || hintsHold(hints, annotations)),
  };
}

function hintsHold(wanted: AnnotationCondition, annotations: ToolAnnotations | undefined): boolean {
  return HINTS.every((hint) => {
    if (wanted[hint] === undefined) return true;
    const given = annotations?.[hint];
    return (typeof given === "boolean" ? given : HINT_DEFAULTS[hint]) === wanted[hint];
  });
}

function patterns(
  value: string | readonly string[] | undefined,
  where: string,
): NameMatcher | undefined {
  if (value === undefined) return undefined;
  return globMatcher(typeof value === "string" ? [value] : value, where);
}

function checkDecision(decision: unknown, where: string): PolicyDecision {
  if (decision === "allow" || decision === "deny" || decision === "ask") return decision;
  throw localError(
    "input",
    `${where} must be "allow", "deny" or "ask", got ${JSON.stringify(decision) ?? String(decision)}`,
  );
}

function checkHints(condition: AnnotationCondition, name: string): AnnotationCondition {
  for (const [key, value] of Object.entries(condition)) {
    if (!(HINTS as string[]).includes(key) || typeof value !== "boolean") {
      throw localError(
        "input",
        `policy rule "${name}" annotations take the boolean hints ${HINTS.join(", ")}; got ${key}: ${JSON.stringify(value) ?? String(value)}`,
      );
    }
  }
  return condition;
}
