/**
 * Which client capabilities each tool depends on, found by listing the tools again with fewer
 * of them declared. A tool listed with everything but missing once a capability is dropped
 * depends on it. Nothing can be known of a tool that needs one capability among several (it
 * stays listed whichever one is dropped): it is recorded as needing nothing.
 */
import type { ClientNeed } from "@mcp-codegen/runtime";

/** Tool name → the needs it was listed with only, sorted; tools that need nothing are absent. */
export type ToolNeeds = Record<string, ClientNeed[]>;

/** Lists the tool names with `dropped` left out of the declaration. */
export type ListWithout = (dropped: readonly ClientNeed[]) => Promise<ReadonlySet<string>>;

/** A search for tool needs whose first listing is under way. */
export interface ToolNeedsSearch {
  /**
   * The needs of the tools of the full listing (`listed`, their names). Rejects as the
   * listings do; with nothing listed, resolves `{}` without waiting on the first listing.
   */
  finish(listed: readonly string[]): Promise<ToolNeeds>;
  /** Settles (never rejects) once the first listing has: for a caller that gives up early. */
  settled: Promise<void>;
}

/**
 * Starts the search now, before the full listing is known, so that its first listing (every
 * need dropped) overlaps the full one. When that listing shows every tool (the usual server), it
 * is the only extra one. Otherwise `finish` lists once more per declared need, each dropping that
 * need alone, two at a time: on stdio each listing of an initialize-era server is a process of
 * its own, and the machine running a pull is often running other pulls too.
 *
 * Dropping `elicitation` drops the whole capability: a tool that disappears then, and also when
 * only URL mode is dropped, needs `elicitation.url` (which implies elicitation); one that
 * disappears only with the whole capability needs `elicitation` (form mode).
 */
export function startToolNeeds(
  declared: readonly ClientNeed[],
  listWithout: ListWithout,
): ToolNeedsSearch {
  if (declared.length === 0)
    return { finish: () => Promise.resolve({}), settled: Promise.resolve() };
  const bare = listWithout(declared);
  const settled = bare.then(
    () => undefined,
    () => undefined,
  );
  return {
    finish: async (listed) => {
      if (listed.length === 0) return {};
      return needsOf(listed, declared, await bare, listWithout);
    },
    settled,
  };
}

/**
 * `listed`: the tool names of the full listing; `declared`: the needs it was made with. The
 * first listing is made once the full one is known (see `startToolNeeds` to overlap them).
 */
export async function findToolNeeds(
  listed: readonly string[],
  declared: readonly ClientNeed[],
  listWithout: ListWithout,
): Promise<ToolNeeds> {
  if (listed.length === 0) return {};
  return startToolNeeds(declared, listWithout).finish(listed);
}

async function needsOf(
  listed: readonly string[],
  declared: readonly ClientNeed[],
  bare: ReadonlySet<string>,
  listWithout: ListWithout,
): Promise<ToolNeeds> {
  const gated = listed.filter((name) => !bare.has(name));
  if (gated.length === 0) return {};
  // Two at a time: on stdio each listing of an initialize-era server is a process that boots,
  // so two boot together; more would crowd a machine that often runs other pulls as well.
  const lists = await atMostTwoAtATime(declared, (need) => listWithout([need]));
  const hidden = new Map(declared.map((need, i) => [need, lists[i]!]));
  const needs: ToolNeeds = {};
  for (const name of gated) {
    let found = declared.filter((need) => !hidden.get(need)!.has(name));
    if (found.includes("elicitation.url")) found = found.filter((need) => need !== "elicitation");
    if (found.length > 0) needs[name] = [...found].sort();
  }
  return needs;
}

/**
 * `work` for each item, at most two under way at once; the results in order. Every started work
 * is let finish before a failure is rethrown (the first one), so none is left running.
 */
async function atMostTwoAtATime<Item, Result>(
  items: readonly Item[],
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && failures.length === 0) {
      const at = next++;
      try {
        results[at] = await work(items[at]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all([lane(), lane()]);
  if (failures.length > 0) throw failures[0];
  return results;
}
