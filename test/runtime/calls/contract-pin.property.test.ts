/**
 * The comparison behind pinned contracts, for any definition a server could send: a change to
 * one compared field is reported as exactly that field (and the data's digests differ), a
 * definition written with its keys in another order at any depth is no change, and a tool the
 * server stops listing is `removed`. The checks run `ContractPin` itself over a listing function.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError, PINNED_FIELDS, type PinnedField, type Tool } from "@mcp-codegen/runtime";
import { canonicalJson } from "../../../runtime/protocol/contract-digest.js";
import { ContractPin } from "../../../runtime/calls/contract-pin.js";

/** Defines `key` as data, so `__proto__` stays a key rather than a prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const objectOf = (value: fc.Arbitrary<unknown>) =>
  fc.dictionary(fc.string(), value, { maxKeys: 5 }).map((entries) => {
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(entries)) put(result, key, child);
    return result;
  });

/** A JSON Schema-ish object: any JSON values, nested objects and arrays. */
const schema = objectOf(fc.jsonValue({ maxDepth: 3 }));

/** Tool definitions as a server may send them: any of the compared fields present or not. */
const tool: fc.Arbitrary<Tool> = fc
  .record(
    {
      name: fc.string({ minLength: 1 }),
      title: fc.string(),
      description: fc.string(),
      inputSchema: schema,
      outputSchema: schema,
      annotations: objectOf(fc.oneof(fc.boolean(), fc.string())),
      _meta: schema,
    },
    { requiredKeys: ["name", "inputSchema"] },
  )
  .map((definition) => definition as unknown as Tool);

/** A value for `field` unlike its current one (by canonical JSON), or `undefined` to drop it. */
const replacement = (field: PinnedField): fc.Arbitrary<unknown> =>
  field === "title" || field === "description"
    ? fc.option(fc.string(), { nil: undefined })
    : fc.option(objectOf(fc.jsonValue({ maxDepth: 2 })), { nil: undefined });

/** `value` with the keys of every object, at every depth, in a shuffled order. */
function permuted(value: unknown, random: (below: number) => number): unknown {
  if (Array.isArray(value)) return value.map((item) => permuted(item, random));
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  const result: Record<string, unknown> = {};
  for (const key of keys)
    put(result, key, permuted((value as Record<string, unknown>)[key], random));
  return result;
}

/** The error a pinned check of `pinned` against a server listing `live` fails with, if any. */
async function check(pinned: Tool, live: readonly Tool[]) {
  const pin = new ContractPin(() => Promise.resolve([...live]), {});
  try {
    await pin.check(pinned.name, pinned);
    return undefined;
  } catch (error) {
    if (isMcpError(error) && error.kind === "contract_changed") return error;
    throw error;
  }
}

describe("pinned contract checks", () => {
  it("report exactly the one field that changed, with digests that differ", async () => {
    const mutation = tool.chain((definition) =>
      fc.constantFrom(...PINNED_FIELDS).chain((field) =>
        replacement(field)
          .filter((value) => {
            const before = (definition as unknown as Record<string, unknown>)[field];
            return canonicalJson(value) !== canonicalJson(before);
          })
          .map((value) => ({ definition, field, value })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async ({ definition, field, value }) => {
        const live: Record<string, unknown> = { ...definition };
        if (value === undefined) delete live[field];
        else put(live, field, value);
        const error = await check(definition, [live as unknown as Tool]);
        expect(error?.data.changed).toEqual([field]);
        expect(error?.data.tool).toBe(definition.name);
        expect(error?.data.pinnedDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(error?.data.liveDigest).not.toBe(error?.data.pinnedDigest);
      }),
    );
  });

  it("see no change in a definition whose keys are in another order at any depth", async () => {
    await fc.assert(
      fc.asyncProperty(tool, fc.infiniteStream(fc.nat()), async (definition, stream) => {
        const numbers = stream[Symbol.iterator]();
        const random = (below: number) => (numbers.next().value as number) % below;
        const reordered = permuted(definition, random) as Tool;
        expect(await check(definition, [reordered])).toBeUndefined();
      }),
    );
  });

  it("report a tool the server no longer lists as removed, with no live digest", async () => {
    await fc.assert(
      fc.asyncProperty(tool, fc.array(tool, { maxLength: 3 }), async (definition, others) => {
        const live = others.filter((other) => other.name !== definition.name);
        const error = await check(definition, live);
        expect(error?.data).toMatchObject({ changed: ["removed"], liveDigest: undefined });
      }),
    );
  });

  it("compare every entry when a server lists one name twice", async () => {
    const reviewed: Tool = { name: "x", description: "reviewed", inputSchema: { type: "object" } };
    const changed: Tool = { ...reviewed, description: "changed" };
    expect((await check(reviewed, [reviewed, changed]))?.data.changed).toEqual(["description"]);
    expect((await check(reviewed, [changed, reviewed]))?.data.changed).toEqual(["description"]);
  });
});
