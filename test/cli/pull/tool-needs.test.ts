/**
 * `findToolNeeds` against scripted listings (given: which tools a server lists for which
 * declaration; want: the needs recorded), and `parseCapabilityList`'s words.
 */
import { describe, expect, it } from "vitest";
import type { ClientNeed } from "@mcp-codegen/runtime";
import { findToolNeeds, startToolNeeds } from "../../../cli/pull/tool-needs.js";
import { parseCapabilityList } from "../../../cli/pull/pull-capabilities.js";

const ALL: ClientNeed[] = ["elicitation", "elicitation.url", "roots", "sampling", "tasks"];

/** A server listing each tool while every need of `gates[tool]` is declared (any of `anyOf`). */
function server(gates: Record<string, ClientNeed[]>, anyOf: Record<string, ClientNeed[]> = {}) {
  const calls: ClientNeed[][] = [];
  const listWithout = (dropped: readonly ClientNeed[]) => {
    calls.push([...dropped]);
    // Dropping elicitation drops URL mode with it (withoutNeeds).
    const gone = new Set(
      dropped.includes("elicitation") ? [...dropped, "elicitation.url"] : dropped,
    );
    const declared = ALL.filter((need) => !gone.has(need));
    const names = Object.keys({ ...gates, ...anyOf }).filter(
      (name) =>
        (gates[name] ?? []).every((need) => declared.includes(need)) &&
        (anyOf[name] === undefined || anyOf[name].some((need) => declared.includes(need))),
    );
    return Promise.resolve(new Set(names));
  };
  return { listWithout, calls };
}

describe("findToolNeeds", () => {
  it.each<[string, Record<string, ClientNeed[]>, Record<string, ClientNeed[]>]>([
    ["nothing gated", { a: [], b: [] }, {}],
    ["one need", { a: [], s: ["sampling"] }, { s: ["sampling"] }],
    ["two needs", { s: ["sampling", "roots"] }, { s: ["roots", "sampling"] }],
    ["form elicitation", { f: ["elicitation"] }, { f: ["elicitation"] }],
    ["URL elicitation implies elicitation", { u: ["elicitation.url"] }, { u: ["elicitation.url"] }],
    ["the tasks extension", { t: ["tasks"] }, { t: ["tasks"] }],
  ])("%s", async (_name, gates, want) => {
    const { listWithout } = server(gates);
    expect(await findToolNeeds(Object.keys(gates), ALL, listWithout)).toEqual(want);
  });

  it("lists once more only when nothing is gated", async () => {
    const { listWithout, calls } = server({ a: [], b: [] });
    await findToolNeeds(["a", "b"], ALL, listWithout);
    expect(calls).toEqual([ALL]);
  });

  it("records nothing for a tool that needs one capability among several", async () => {
    const { listWithout } = server({}, { either: ["sampling", "roots"] });
    expect(await findToolNeeds(["either"], ALL, listWithout)).toEqual({});
  });

  it("does not list again when nothing is declared or nothing listed", async () => {
    const { listWithout, calls } = server({ a: [] });
    expect(await findToolNeeds(["a"], [], listWithout)).toEqual({});
    expect(await findToolNeeds([], ALL, listWithout)).toEqual({});
    expect(calls).toEqual([]);
  });
});

describe("startToolNeeds", () => {
  it("sends its first listing at once, before the full listing is known", async () => {
    const { listWithout, calls } = server({ a: [], s: ["sampling"] });
    const search = startToolNeeds(ALL, listWithout);
    expect(calls).toEqual([ALL]);
    expect(await search.finish(["a", "s"])).toEqual({ s: ["sampling"] });
  });

  it("with nothing listed, resolves {} without waiting on a first listing that never answers", async () => {
    const search = startToolNeeds(ALL, () => new Promise(() => undefined));
    expect(await search.finish([])).toEqual({});
  });

  it("settles when its first listing fails, and finish rejects with that failure", async () => {
    const search = startToolNeeds(ALL, () => Promise.reject(new Error("gone")));
    await expect(search.settled).resolves.toBeUndefined();
    await expect(search.finish(["a"])).rejects.toThrow("gone");
  });

  it("lists nothing when nothing is declared", async () => {
    const { listWithout, calls } = server({ a: [] });
    expect(await startToolNeeds([], listWithout).finish(["a"])).toEqual({});
    expect(calls).toEqual([]);
  });
});

describe("parseCapabilityList", () => {
  it.each<[string, ClientNeed[]]>([
    ["none", []],
    ["sampling", ["sampling"]],
    ["roots, sampling,elicitation.url", ["elicitation.url", "roots", "sampling"]],
    ["tasks,elicitation", ["elicitation", "tasks"]],
  ])("%j → %j", (given, want) => {
    expect(parseCapabilityList(given)).toEqual(want);
  });

  it.each(["", "telepathy", "sampling,none", "Sampling", ","])("refuses %j", (given) => {
    expect(() => parseCapabilityList(given)).toThrow(
      /is not a client capability; give a comma-separated list of elicitation, elicitation.url, roots, sampling, tasks, or none/,
    );
  });
});

describe("the listings per need", () => {
  it("run two at a time, and a failure waits for the other one under way", async () => {
    const gates = { s: ["sampling"], r: ["roots"], u: ["elicitation.url"] } as const;
    const { listWithout } = server({ s: [...gates.s], r: [...gates.r], u: [...gates.u] });
    let running = 0;
    let most = 0;
    const slow = async (dropped: readonly ClientNeed[]) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return listWithout(dropped);
    };
    const want = { r: ["roots"], s: ["sampling"], u: ["elicitation.url"] };
    expect(await findToolNeeds(["s", "r", "u"], ALL, slow)).toEqual(want);
    expect(most).toBe(2);

    const settled: string[] = [];
    const failing = async (dropped: readonly ClientNeed[]) => {
      if (dropped.length === ALL.length) return listWithout(dropped);
      if (dropped[0] === "elicitation") throw new Error("listing failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
      settled.push(dropped.join(","));
      return listWithout(dropped);
    };
    await expect(findToolNeeds(["s", "r", "u"], ALL, failing)).rejects.toThrow("listing failed");
    // The listing beside the failed one finished first; none was started after the failure.
    expect(settled).toEqual(["elicitation.url"]);
  });
});
