/**
 * `shape: "model"` on generated calls (examples/trip-planner against the demo server it was
 * generated from): the tool function and the typed client's member return the text a model
 * should see, typed `string`, after the output validation a plain call runs; options that cannot
 * give text are refused before anything is sent.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  defineTool,
  type CreateTaskResult,
  type MaybeInputRequired,
  type McpClient,
  type ToolForm,
  type ToolFunctions,
  type ToolMethods,
  type ToolResult,
} from "@mcp-codegen/runtime";
import {
  convertCurrency,
  convertCurrencyTool,
  getWeather,
  type ConvertCurrencyInput,
  type ConvertCurrencyOutput,
} from "../../../examples/trip-planner/index.js";
import { rejection as failure } from "../client-helpers.js";
import { tripPlannerWorld } from "./trip-planner-world.js";

const world = tripPlannerWorld();

const EUR_TO_NOK: ConvertCurrencyInput = { amount: 100, from: "EUR", to: "NOK" };
// The structured content once: the server's text block only repeats it as JSON.
const EUR_TO_NOK_TEXT = '{"from":"EUR","to":"NOK","amount":100,"converted":1150,"rate":11.5}';

/** `convert_currency` in the task form, as the generator emits it for a task-capable tool. */
const convertCurrencyTask = defineTool<
  ConvertCurrencyInput,
  ToolResult<ConvertCurrencyOutput>,
  "task"
>({
  definitionJson: JSON.stringify(convertCurrencyTool.definition),
  validators: () => convertCurrencyTool.validators() as never,
});

describe('shape: "model" on a generated tool', () => {
  it("returns the text client.callTool gives, from the function and the client's member", async () => {
    const client = await world.tripPlanner();
    const fromFunction = await convertCurrency(client.raw, EUR_TO_NOK, { shape: "model" });
    const fromMember = await client.tools.convertCurrency(EUR_TO_NOK, { shape: "model" });
    const fromClient = await client.raw.callTool(
      "convert_currency",
      { ...EUR_TO_NOK },
      {
        shape: "model",
      },
    );
    expect([fromFunction, fromMember, fromClient]).toEqual([
      EUR_TO_NOK_TEXT,
      EUR_TO_NOK_TEXT,
      EUR_TO_NOK_TEXT,
    ]);
    // A tool without structured content: its text blocks.
    const weather = await getWeather(client.raw, { city: "Oslo", days: 1 }, { shape: "model" });
    const plain = await getWeather(client.raw, { city: "Oslo", days: 1 });
    expect(weather).toBe((plain.content[0] as { text: string }).text);
  });

  it('returns text from the task forms with task: "await" (the server answers at once)', async () => {
    const client = await world.tripPlanner();
    const text = await convertCurrencyTask.call(client.raw, EUR_TO_NOK, {
      shape: "model",
      task: "await",
    });
    const bound = await convertCurrencyTask.bindTo(client.raw)(EUR_TO_NOK, { shape: "model" });
    expect([text, bound]).toEqual([EUR_TO_NOK_TEXT, EUR_TO_NOK_TEXT]);
  });

  it("validates the output before shaping it, unless validateOutput is false", async () => {
    // A post-hook stands in for a server breaking its output schema.
    const broken = { content: [], structuredContent: { converted: "a lot" } };
    const client = await world.tripPlanner({ hooks: { onToolResult: () => broken } });
    const error = await failure(client.tools.convertCurrency(EUR_TO_NOK, { shape: "model" }));
    expect(error.kind).toBe("validation");
    expect(error.message).toContain("structuredContent does not match the tool's output schema");
    const accepted = await client.tools.convertCurrency(EUR_TO_NOK, {
      shape: "model",
      validateOutput: false,
    });
    expect(accepted).toBe('{"converted":"a lot"}');
  });

  it("refuses manual mode and a task handle before sending anything", async () => {
    const client = await world.tripPlanner();
    const before = world.server.toolCalls().length;
    const manual = await failure(
      convertCurrency(client.raw, EUR_TO_NOK, { shape: "model", manual: true } as never),
    );
    const handle = await failure(
      convertCurrencyTask.call(client.raw, EUR_TO_NOK, { shape: "model", task: "return" } as never),
    );
    expect([manual.kind, handle.kind]).toEqual(["input", "input"]);
    expect(manual.message).toContain("manual: true");
    expect(handle.message).toContain('task: "return"');
    expect(world.server.toolCalls().length).toBe(before);
  });
});

describe('shape: "model" in the types (checked by tsc)', () => {
  type Input = ConvertCurrencyInput;
  type Result = ToolResult<ConvertCurrencyOutput>;
  type Call<F extends ToolForm> = ToolFunctions<Input, Result>[F];
  type Member<F extends ToolForm> = ToolMethods<Input, Result>[F];
  const model = { shape: "model" } as const;
  const awaited = { shape: "model", task: "await" } as const;

  it("is string for every form, through the function and the member", () => {
    // Typed, never run: each form's model-shaped call.
    const calls = (client: McpClient, call: { [F in ToolForm]: Call<F> }) => [
      call.input(client, EUR_TO_NOK, model),
      call["optional input"](client, undefined, model),
      call.task(client, EUR_TO_NOK, awaited),
      call["task, optional input"](client, undefined, model),
      call.any(client, EUR_TO_NOK, awaited),
    ];
    const members = (member: { [F in ToolForm]: Member<F> }) => [
      member.input(EUR_TO_NOK, model),
      member["optional input"](undefined, model),
      member.task(EUR_TO_NOK, model),
      member["task, optional input"](undefined, awaited),
      member.any(EUR_TO_NOK, model),
    ];
    expectTypeOf(calls).returns.toEqualTypeOf<Promise<string>[]>();
    expectTypeOf(members).returns.toEqualTypeOf<Promise<string>[]>();
  });

  it("leaves the other calls their types, and rejects options that cannot give text", () => {
    const others = (member: Member<"task">) => ({
      plain: member(EUR_TO_NOK, { task: "await" }),
      handle: member(EUR_TO_NOK, { task: "return" }),
      manual: member(EUR_TO_NOK, { manual: true }),
    });
    expectTypeOf(others).returns.toEqualTypeOf<{
      plain: Promise<Result>;
      handle: Promise<Result | CreateTaskResult>;
      manual: Promise<MaybeInputRequired<Result>>;
    }>();
    const refused = (client: McpClient, member: Member<"task">) => [
      // @ts-expect-error manual mode returns a question, not text
      convertCurrency(client, EUR_TO_NOK, { shape: "model", manual: true }),
      // @ts-expect-error a task handle is not text
      member(EUR_TO_NOK, { shape: "model", task: "return" }),
      // @ts-expect-error "model" is the only shape
      convertCurrency(client, EUR_TO_NOK, { shape: "json" }),
    ];
    expectTypeOf(refused).toBeFunction();
  });
});
