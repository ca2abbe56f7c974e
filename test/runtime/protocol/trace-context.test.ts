/**
 * OpenTelemetry propagation in request `_meta`: the W3C formats of `traceparent`, `tracestate`
 * and `baggage` are checked (tables, and a differential property against a plain split-based
 * reading of the traceparent grammar), and the values reach the wire from the caller's `meta`,
 * the per-request `trace` option or the client's `traceContext` hook, in that order of precedence.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connect, isMcpError } from "@mcp-codegen/runtime";
import {
  baggageProblem,
  traceparentProblem,
  tracestateProblem,
} from "../../../runtime/protocol/trace-context.js";
import { scriptedServer } from "../../support/scripted-server.js";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const OTHER_TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00";

describe("traceparent", () => {
  it.each([
    TRACEPARENT,
    OTHER_TRACEPARENT,
    // A later version may add fields after the flags.
    "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-what-comes-next",
  ])("accepts %s", (value) => {
    expect(traceparentProblem(value)).toBeUndefined();
  });

  it.each([
    ["uppercase hex", TRACEPARENT.toUpperCase()],
    ["an all-zero trace id", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"],
    ["an all-zero parent id", "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01"],
    ["the forbidden version ff", "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"],
    ["version 00 with more fields", `${TRACEPARENT}-extra`],
    ["a short trace id", "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01"],
    ["an empty string", ""],
  ])("refuses %s", (_label, value) => {
    expect(traceparentProblem(value)).toBeDefined();
  });

  /** The grammar read the plain way: four dash-separated fields of fixed lengths (version 00). */
  function referenceAccepts(value: string): boolean {
    const fields = value.split("-");
    const hex = (text: string | undefined, length: number) =>
      text !== undefined && text.length === length && /^[0-9a-f]*$/.test(text);
    if (fields[0] !== "00") return traceparentProblem(value) === undefined; // other versions: not modelled
    return (
      fields.length === 4 &&
      hex(fields[1], 32) &&
      hex(fields[2], 16) &&
      hex(fields[3], 2) &&
      !/^0+$/.test(fields[1]!) &&
      !/^0+$/.test(fields[2]!)
    );
  }

  it("agrees with a plain reading of the grammar on every one-character change of a valid value", () => {
    const characters = fc.constantFrom(..."0123456789abcdefABCDEF-xz ".split(""));
    fc.assert(
      fc.property(fc.nat({ max: TRACEPARENT.length - 1 }), characters, (at, character) => {
        const mutated = TRACEPARENT.slice(0, at) + character + TRACEPARENT.slice(at + 1);
        expect(traceparentProblem(mutated) === undefined).toBe(referenceAccepts(mutated));
      }),
      { numRuns: 500 },
    );
  });
});

describe("tracestate", () => {
  it.each([
    "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE",
    "fw529a3039@dt=FW529a3039; x",
    " rojo=1 , , congo=2 ",
  ])("accepts %j", (value) => {
    expect(tracestateProblem(value)).toBeUndefined();
  });

  it.each([
    ["an uppercase key", "Rojo=1"],
    ["an = in the value", "rojo=a=b"],
    ["a missing value", "rojo"],
    ["a repeated key", "rojo=1,rojo=2"],
    ["33 entries", Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(",")],
  ])("refuses %s", (_label, value) => {
    expect(tracestateProblem(value)).toBeDefined();
  });
});

describe("baggage", () => {
  it.each([
    "userId=alice,serverNode=DF%2028,isProduction=false",
    "key1=value1;property1;property2=x, key2 = value2",
  ])("accepts %j", (value) => {
    expect(baggageProblem(value)).toBeUndefined();
  });

  it.each([
    ["a space inside a value", "userId=al ice"],
    ["a missing =", "userId"],
    ["a quote in a value", 'userId="alice"'],
    ["65 entries", Array.from({ length: 65 }, (_, i) => `k${i}=v`).join(",")],
    ["more than 8192 bytes", `k=${"v".repeat(8192)}`],
  ])("refuses %s", (_label, value) => {
    expect(baggageProblem(value)).toBeDefined();
  });
});

describe("on the wire", () => {
  async function metaOfCall(
    options: Parameters<typeof connect>[1],
    call: Parameters<Awaited<ReturnType<typeof connect>>["request"]>[2],
  ): Promise<Record<string, unknown>> {
    const server = scriptedServer({ ping2: () => ({}) });
    const client = await connect({ server: server.handler }, options);
    await client.request("ping2", {}, call);
    await client.close();
    return server.requests.at(-1)?.params?._meta as Record<string, unknown>;
  }

  it("sends what the client's hook returns, on every request", async () => {
    let asked = 0;
    const meta = await metaOfCall(
      {
        traceContext: () => {
          asked++;
          return { traceparent: TRACEPARENT, tracestate: "rojo=1" };
        },
      },
      undefined,
    );
    expect(meta).toMatchObject({ traceparent: TRACEPARENT, tracestate: "rojo=1" });
    expect(meta).not.toHaveProperty("baggage");
    expect(asked).toBe(2); // server/discover, then the request
  });

  it("lets the request's trace option, then its own meta, win over the hook", async () => {
    const hook = () => ({ traceparent: TRACEPARENT, baggage: "from=hook" });
    expect(
      await metaOfCall({ traceContext: hook }, { trace: { traceparent: OTHER_TRACEPARENT } }),
    ).toMatchObject({
      traceparent: OTHER_TRACEPARENT,
    });
    const fromMeta = await metaOfCall(
      { traceContext: hook },
      { meta: { traceparent: OTHER_TRACEPARENT } },
    );
    expect(fromMeta).toMatchObject({ traceparent: OTHER_TRACEPARENT, baggage: "from=hook" });
  });

  it("refuses a malformed value locally, before anything is sent", async () => {
    const server = scriptedServer({ ping2: () => ({}) });
    const client = await connect({ server: server.handler });
    const sent = server.requests.length;
    for (const call of [{ trace: { traceparent: "00-abc" } }, { meta: { tracestate: "Bad=1" } }]) {
      const error = await client.request("ping2", {}, call).catch((caught: unknown) => caught);
      expect(isMcpError(error) && error.kind).toBe("input");
      expect(String((error as Error).message)).toMatch(/W3C (Trace Context|Baggage)/);
    }
    expect(server.requests.length).toBe(sent);
    await client.close();
  });

  it("fails the request locally when the hook throws", async () => {
    const server = scriptedServer({ ping2: () => ({}) });
    const client = await connect(
      { server: server.handler },
      {
        discover: false,
        traceContext: () => {
          throw new Error("no active span");
        },
      },
    );
    const error = await client.request("ping2", {}).catch((caught: unknown) => caught);
    expect(isMcpError(error) && error.kind).toBe("input");
    expect(String((error as Error).message)).toContain("no active span");
    expect(server.requests).toEqual([]);
    await client.close();
  });
});
