/**
 * The policy's decisions (name patterns, principals, annotations, first match, default), its
 * grants and approver. The rule that makes annotation rules safe, as a property:
 * policy-annotations.property.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  askBeforeUnsafeTools,
  createPolicy,
  isMcpError,
  type AnnotationCondition,
  type ApprovalRequest,
  type PolicyDecision,
  type PolicyOptions,
  type PolicyRule,
  type ToolAnnotations,
  type ToolCallRequest,
  type UnsafeToolsOptions,
} from "@mcp-codegen/runtime";

const RULES: PolicyRule[] = [
  { name: "no deletes", tools: ["delete_*", "drop"], decision: "deny" },
  { name: "ops may restart", tools: "restart", principals: "ops-*", decision: "allow" },
  { name: "restart asks", tools: "restart", decision: "ask" },
  { name: "destructive asks", annotations: { destructiveHint: true }, decision: "ask" },
  {
    name: "open world denied for guests",
    principals: "guest",
    annotations: { openWorldHint: true },
    decision: "deny",
  },
  { name: "reads", tools: "get_*", decision: "allow" },
];

// [what, options, tool, principal, annotations, want decision, want rule]
const DECISIONS: readonly (readonly [
  string,
  PolicyOptions,
  string,
  string,
  ToolAnnotations | undefined,
  PolicyDecision,
  string,
])[] = [
  [
    "an exact name",
    { rules: RULES },
    "drop",
    "alice",
    { readOnlyHint: true },
    "deny",
    "no deletes",
  ],
  ["a glob", { rules: RULES }, "delete_user", "alice", undefined, "deny", "no deletes"],
  [
    "a glob that must match the whole name",
    { rules: RULES, default: "deny" },
    "undelete_user",
    "alice",
    { destructiveHint: false },
    "deny",
    "default",
  ],
  [
    "a principal pattern",
    { rules: RULES },
    "restart",
    "ops-oncall",
    undefined,
    "allow",
    "ops may restart",
  ],
  [
    "another principal: the next rule",
    { rules: RULES },
    "restart",
    "bob",
    undefined,
    "ask",
    "restart asks",
  ],
  [
    "an annotation rule on an absent hint (destructive by default)",
    { rules: RULES },
    "write_file",
    "alice",
    {},
    "ask",
    "destructive asks",
  ],
  [
    "an annotation rule that does not hold",
    { rules: RULES },
    "write_file",
    "alice",
    { destructiveHint: false, openWorldHint: false },
    "allow",
    "default",
  ],
  [
    "a principal and an annotation",
    { rules: RULES },
    "search",
    "guest",
    { destructiveHint: false },
    "deny",
    "open world denied for guests",
  ],
  [
    "first match wins over a later allow",
    { rules: RULES },
    "get_secret",
    "guest",
    { destructiveHint: false },
    "deny",
    "open world denied for guests",
  ],
  [
    "an earlier annotation rule asks before a later name rule allows",
    { rules: RULES },
    "get_weather",
    "alice",
    undefined,
    "ask",
    "destructive asks",
  ],
  [
    "an earlier name rule wins over a later annotation rule",
    { rules: [{ tools: "get_*", decision: "allow" }, ...RULES.slice(3)] },
    "get_weather",
    "alice",
    undefined,
    "allow",
    "rules[0]",
  ],
  ["the default", { rules: [], default: "ask" }, "anything", "alice", undefined, "ask", "default"],
  ["no options: allow", {}, "anything", "alice", undefined, "allow", "default"],
  [
    "a non-boolean hint counts as absent",
    { rules: [{ annotations: { readOnlyHint: false }, decision: "ask" }] },
    "x",
    "a",
    { readOnlyHint: "yes" as unknown as boolean },
    "ask",
    "rules[0]",
  ],
  [
    "an annotation rule never loosens the default",
    {
      rules: [{ name: "read-only asks", annotations: { readOnlyHint: true }, decision: "ask" }],
      default: "deny",
    },
    "anything",
    "alice",
    { readOnlyHint: true },
    "deny",
    "default",
  ],
  [
    "an annotation rule never loosens a later name rule",
    {
      rules: [
        { name: "hinted", annotations: { destructiveHint: false }, decision: "ask" },
        { name: "deny x", tools: "x", decision: "deny" },
      ],
    },
    "x",
    "alice",
    { destructiveHint: false },
    "deny",
    "deny x",
  ],
];

describe("policy decisions", () => {
  it.each(DECISIONS)("%s", (_what, options, tool, principal, annotations, decision, rule) => {
    expect(createPolicy(options).decide(tool, principal, annotations)).toEqual({ decision, rule });
  });

  // [what, options, tool, annotations, decision]: hints the server chose only count when the
  // caller trusts them; the caller's own readOnlyTools always do.
  const UNSAFE: readonly (readonly [
    string,
    UnsafeToolsOptions,
    string,
    ToolAnnotations | undefined,
    PolicyDecision,
  ])[] = [
    ["a read-only hint, untrusted", {}, "read", { readOnlyHint: true }, "ask"],
    ["no hint", {}, "unknown", undefined, "ask"],
    ["named read-only by the caller", { readOnlyTools: ["re*"] }, "read", undefined, "allow"],
    ["named, with a destructive hint", { readOnlyTools: "read" }, "read", {}, "allow"],
    ["not named", { readOnlyTools: ["read"] }, "write", { readOnlyHint: true }, "ask"],
    [
      "a trusted read-only hint",
      { trustReadOnlyHints: true },
      "read",
      { readOnlyHint: true },
      "allow",
    ],
    [
      "trusted, not read-only",
      { trustReadOnlyHints: true },
      "write",
      { readOnlyHint: false },
      "ask",
    ],
    ["trusted, no hint", { trustReadOnlyHints: true }, "unknown", undefined, "ask"],
    [
      "a deny rule before a trusted hint",
      { trustReadOnlyHints: true, rules: [{ tools: "read", decision: "deny" }] },
      "read",
      { readOnlyHint: true },
      "deny",
    ],
    [
      "a deny rule before readOnlyTools",
      { readOnlyTools: "read", rules: [{ tools: "read", decision: "deny" }] },
      "read",
      undefined,
      "deny",
    ],
  ];
  it.each(UNSAFE)("askBeforeUnsafeTools: %s", (_what, options, tool, annotations, decision) => {
    const policy = askBeforeUnsafeTools(() => "deny", options);
    expect(policy.decide(tool, "a", annotations).decision).toBe(decision);
  });

  // [what, options, message part]
  const BAD: readonly (readonly [string, PolicyOptions, string])[] = [
    [
      "an annotation rule that allows",
      { rules: [{ name: "trusting", annotations: { readOnlyHint: true }, decision: "allow" }] },
      'policy rule "trusting" keys on annotations',
    ],
    [
      "an unknown decision",
      { rules: [{ decision: "maybe" as PolicyDecision }] },
      'policy rule "rules[0]" must be "allow", "deny" or "ask"',
    ],
    [
      "an unknown hint",
      { rules: [{ annotations: { title: true } as AnnotationCondition, decision: "deny" }] },
      "annotations take the boolean hints",
    ],
    ["a bad default", { default: "no" as PolicyDecision }, "policy default must be"],
    [
      "a RegExp as a tool pattern",
      { rules: [{ tools: [/x/ as unknown as string], decision: "deny" }] },
      'takes tool names and "*" globs',
    ],
  ];
  it.each(BAD)("refuses %s with kind input", (_what, options, message) => {
    let caught: unknown;
    try {
      createPolicy(options);
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind).toBe("input");
    expect((caught as Error).message).toContain(message);
  });
});

const call = (name: string, principal = "alice"): ToolCallRequest => ({
  name,
  principal,
  arguments: { path: "/tmp/x" },
  definition: { name, inputSchema: { type: "object" }, annotations: { destructiveHint: true } },
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isMcpError(error) || error.kind !== "denied")
    throw new Error(`not denied: ${String(error)}`);
  return error;
}

describe("approval", () => {
  it("asks once for an always, per principal and tool, and again after revoke", async () => {
    const asked: ApprovalRequest[] = [];
    const policy = askBeforeUnsafeTools((request) => {
      asked.push(request);
      return "always";
    });
    await policy.authorize(call("rm"));
    await policy.authorize(call("rm"));
    expect(asked.map((request) => [request.name, request.principal, request.rule])).toEqual([
      ["rm", "alice", "not read-only"],
    ]);
    expect(asked[0]?.arguments).toEqual({ path: "/tmp/x" });
    expect(policy.grants()).toEqual([{ principal: "alice", tool: "rm" }]);
    await policy.authorize(call("rm", "bob"));
    await policy.authorize(call("mv"));
    expect(asked).toHaveLength(3);
    expect(policy.revoke("alice", "rm")).toBe(true);
    expect(policy.revoke("alice", "rm")).toBe(false);
    await policy.authorize(call("rm"));
    expect(asked).toHaveLength(4);
  });

  it("asks every time for an allow, and grants nothing", async () => {
    let asks = 0;
    const policy = askBeforeUnsafeTools(() => {
      asks++;
      return "allow";
    });
    await policy.authorize(call("rm"));
    await policy.authorize(call("rm"));
    expect([asks, policy.grants()]).toEqual([2, []]);
  });

  it("never asks about a denied call, even with a grant", async () => {
    let asks = 0;
    const policy = createPolicy({
      rules: [{ name: "no rm for bob", tools: "rm", principals: "bob", decision: "deny" }],
      default: "ask",
      approver: () => {
        asks++;
        return "always";
      },
    });
    const error = await refusal(policy.authorize(call("rm", "bob")));
    expect(error.data).toEqual({
      tool: "rm",
      principal: "bob",
      rule: "no rm for bob",
      reason: "rule",
    });
    expect(asks).toBe(0);
  });

  // [what, approver, reason, message part]
  const REFUSALS = [
    ["the approver's deny", () => "deny" as const, "approver", "the approver denied the call"],
    [
      "no approver",
      undefined,
      "no-approver",
      "has no approver; pass one as createPolicy({ approver })",
    ],
    [
      "an approver that throws",
      () => {
        throw new Error("ui closed");
      },
      "approver-failed",
      "the approver failed",
    ],
    [
      "an answer that is none of the three",
      () => "yes" as "allow",
      "approver-failed",
      'answered "yes"',
    ],
  ] as const;
  it.each(REFUSALS)("denies on %s", async (_what, approver, reason, message) => {
    const policy = createPolicy({
      default: "ask",
      ...(approver === undefined ? {} : { approver }),
    });
    const error = await refusal(policy.authorize(call("rm")));
    expect(error.data).toEqual({ tool: "rm", principal: "alice", rule: "default", reason });
    expect(error.message).toContain(message);
    expect(policy.grants()).toEqual([]);
  });
});
