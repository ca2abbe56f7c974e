/**
 * The per-task input budget of 2025-11-25 tasks, as a table: which server requests count against
 * an open wait's budget, when they are refused, and that a spent task stays refused.
 */
import { describe, expect, it } from "vitest";
import type { JsonRpcRequest } from "@mcp-codegen/runtime";
import { TaskInputBudgets } from "../../../runtime/input/task-input-budget.js";

const RELATED = "io.modelcontextprotocol/related-task";

function request(meta: unknown): JsonRpcRequest {
  const params = meta === undefined ? {} : { _meta: meta };
  return { jsonrpc: "2.0", id: 1, method: "sampling/createMessage", params };
}

describe("TaskInputBudgets", () => {
  // given: the request's _meta; want: whether it counts against task "t"'s budget.
  const cases: [string, unknown, boolean][] = [
    ["tied to the task", { [RELATED]: { taskId: "t" } }, true],
    ["tied to another task", { [RELATED]: { taskId: "u" } }, false],
    ["no _meta", undefined, false],
    ["_meta not an object", "t", false],
    ["related-task not an object", { [RELATED]: "t" }, false],
    ["taskId not a string", { [RELATED]: { taskId: 7 } }, false],
  ];
  it.each(cases)("%s: counted %s", (_label, meta, counted) => {
    const budgets = new TaskInputBudgets();
    const spent: number[] = [];
    budgets.open("t", 1, (rounds) => spent.push(rounds));
    expect(budgets.refusal(request(meta))).toBeUndefined();
    const second = budgets.refusal(request(meta));
    expect(second !== undefined).toBe(counted);
    expect(spent).toEqual(counted ? [1] : []);
  });

  it("keeps refusing a spent task after its wait closed, and tells the wait once", () => {
    const budgets = new TaskInputBudgets();
    const spent: number[] = [];
    const close = budgets.open("t", 0, (rounds) => spent.push(rounds));
    const tied = request({ [RELATED]: { taskId: "t" } });
    expect(budgets.refusal(tied)).toContain("maxRounds");
    close();
    expect(budgets.refusal(tied)).toContain('"t"');
    expect(spent).toEqual([0]);
  });

  it("counts nothing for a task no wait is open on", () => {
    const budgets = new TaskInputBudgets();
    const close = budgets.open("t", 1, () => undefined);
    close();
    const tied = request({ [RELATED]: { taskId: "t" } });
    for (let i = 0; i < 5; i++) expect(budgets.refusal(tied)).toBeUndefined();
  });
});
