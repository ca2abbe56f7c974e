/**
 * The mock server's promise that it cannot drift from the contract: whatever a handler returns
 * for a tool with an output schema, the client gets it only when the schema accepts it. Outputs
 * built to the schema always arrive unchanged; outputs broken in one place (a wrong type, a value
 * out of range, a missing or an extra key) are always refused with an error naming that place.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connect, createMockServer, isMcpError } from "@mcp-codegen/runtime";
import { convertCurrencyTool } from "../../../examples/trip-planner/tools/convert-currency.js";

const currency = fc.constantFrom("EUR", "USD", "GBP", "JPY", "NOK", "CHF");
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

/** Outputs `convert_currency`'s output schema accepts. */
const validOutput = fc.record({
  from: currency,
  to: currency,
  amount: finite,
  converted: finite,
  rate: fc.double({ min: Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }),
});

type Output = Record<string, unknown>;

/** A valid output broken in one place, and the path the error must name. */
const invalidOutput = fc.oneof(
  fc
    .tuple(validOutput, fc.constantFrom("from", "to", "amount", "converted", "rate"))
    .map(([output, key]): [Output, string] => [{ ...output, [key]: [key] }, key]),
  fc
    .tuple(
      validOutput,
      fc.string({ minLength: 1 }).filter((text) => !currencies.has(text)),
    )
    .map(([output, text]): [Output, string] => [{ ...output, to: text }, "to"]),
  fc
    .tuple(validOutput, fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }))
    .map(([output, rate]): [Output, string] => [{ ...output, rate }, "rate"]),
  fc
    .tuple(validOutput, fc.constantFrom("from", "to", "amount", "converted", "rate"))
    .map(([output, key]): [Output, string] => {
      const { [key]: _dropped, ...rest } = output as Output;
      return [rest, key];
    }),
  fc
    .tuple(validOutput, fc.constantFrom("extra", "total", "note"), fc.jsonValue())
    .map(([output, key, value]): [Output, string] => [{ ...output, [key]: value }, "(root)"]),
);

const currencies = new Set(["EUR", "USD", "GBP", "JPY", "NOK", "CHF"]);

async function respond(output: Output) {
  const mock = createMockServer(
    { tools: { convertCurrency: convertCurrencyTool } },
    { tools: { convertCurrency: () => output as never } },
  );
  const client = await connect({ server: mock.handler });
  try {
    return await convertCurrencyTool
      .bindTo(client)({ amount: 1, from: "EUR", to: "USD" })
      .then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
  } finally {
    await client.close();
  }
}

describe("the mock's output validation", () => {
  it("always passes outputs the output schema accepts", async () => {
    await fc.assert(
      fc.asyncProperty(validOutput, async (output) => {
        const answer = await respond(output);
        expect(answer).toHaveProperty("result");
        // -0 becomes 0 on the wire, as JSON has no negative zero.
        const wire = JSON.parse(JSON.stringify(output)) as unknown;
        expect("result" in answer && answer.result.structuredContent).toEqual(wire);
      }),
      { numRuns: 60 },
    );
  });

  it("always rejects outputs that break the output schema, naming the path", async () => {
    await fc.assert(
      fc.asyncProperty(invalidOutput, async ([output, path]) => {
        const answer = await respond(output);
        expect(answer).toHaveProperty("error");
        const error = "error" in answer ? answer.error : undefined;
        expect(isMcpError(error) && error.kind).toBe("execution");
        expect(isMcpError(error) ? error.serverMessage : "").toContain(
          `does not match the tool's output schema: ${path}: `,
        );
      }),
      { numRuns: 80 },
    );
  });
});
