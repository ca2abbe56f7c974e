/**
 * Which client capabilities each tool depends on, found by listing the tools again with fewer
 * of them declared. A tool listed with everything but missing once a capability is dropped
 * depends on it. Nothing can be known of a tool that needs one capability among several (it
 * stays listed whichever one is dropped): it is recorded as needing nothing.
 */
import type { ClientNeed } from "@mcp-codegen/runtime";

/** Tool name → the needs it was listed with only, sorted; tools that need nothing are absent. */
export type ToolNeeds = Record<string, ClientNeed[]>;

/**
 * `listed`: the tool names of the full listing. `listWithout(dropped)` lists the tool names with
 * `dropped` left out of the declaration. One listing with every need dropped comes first: when it
 * shows every tool (the usual server), that is the only extra listing. Otherwise one more per
 * declared need, each dropping that need alone.
 *
 * Dropping `elicitation` drops the whole capability: a tool that disappears then, and also when
 * only URL mode is dropped, needs `elicitation.url` (which implies elicitation); one that
 * disappears only with the whole capability needs `elicitation` (form mode).
 */
export async function findToolNeeds(
  listed: readonly string[],
  declared: readonly ClientNeed[],
  listWithout: (dropped: readonly ClientNeed[]) => Promise<ReadonlySet<string>>,
): Promise<ToolNeeds> {
  if (listed.length === 0 || declared.length === 0) return {};
  const bare = await listWithout(declared);
  const gated = listed.filter((name) => !bare.has(name));
  if (gated.length === 0) return {};
  // One listing at a time: on stdio each is a process of its own, and the machine running a
  // pull is often running other pulls too.
  const hidden = new Map<ClientNeed, ReadonlySet<string>>();
  for (const need of declared) hidden.set(need, await listWithout([need]));
  const needs: ToolNeeds = {};
  for (const name of gated) {
    let found = declared.filter((need) => !hidden.get(need)!.has(name));
    if (found.includes("elicitation.url")) found = found.filter((need) => need !== "elicitation");
    if (found.length > 0) needs[name] = [...found].sort();
  }
  return needs;
}
