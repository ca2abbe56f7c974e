/**
 * The rounds cap for 2025-11-25 tasks. Such a server asks for input with its own requests
 * (`sampling/createMessage`, `elicitation/create`…) while the client waits on `tasks/result`,
 * each tied to the task by `_meta["io.modelcontextprotocol/related-task"]`. Those requests reach
 * the connection's `ServerRequests`, not the wait, so this object sits between the two: a wait
 * opens a budget for its task, `ServerRequests` asks it before running a handler, and once the
 * budget is spent the wait fails and every later request of that task is refused.
 *
 * A request tied to no task, or to a task no wait is open on, is not counted here.
 */
import { isJsonObject } from "../basics/index.js";
import type { JsonRpcRequest } from "../protocol/index.js";

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** How many spent task ids are remembered, so the set cannot grow without end. */
const SPENT_MEMORY = 256;

interface Budget {
  readonly maxRounds: number;
  used: number;
  /** Told once, when a request comes past the budget. */
  readonly onSpent: (rounds: number) => void;
}

/** The per-task input budgets of one client, shared by its task waits and its sessions. */
export class TaskInputBudgets {
  readonly #open = new Map<string, Budget>();
  /** Tasks whose budget ran out, oldest first: their requests are refused from then on. */
  readonly #spent = new Set<string>();

  /**
   * Counts the requests of `taskId` until the returned function is called. The request past
   * `maxRounds` is refused and `onSpent` told (with the rounds answered), once.
   */
  open(taskId: string, maxRounds: number, onSpent: (rounds: number) => void): () => void {
    const budget: Budget = { maxRounds, used: 0, onSpent };
    this.#open.set(taskId, budget);
    return () => {
      if (this.#open.get(taskId) === budget) this.#open.delete(taskId);
    };
  }

  /**
   * Whether a handler may answer `request`: `undefined` if so (counted against its task's budget
   * when one is open), else the message of the error to answer with.
   */
  refusal(request: JsonRpcRequest): string | undefined {
    const taskId = relatedTask(request);
    if (taskId === undefined) return undefined;
    if (this.#spent.has(taskId)) return spentMessage(taskId);
    const budget = this.#open.get(taskId);
    if (budget === undefined) return undefined;
    if (budget.used < budget.maxRounds) {
      budget.used++;
      return undefined;
    }
    this.#remember(taskId);
    this.#open.delete(taskId);
    budget.onSpent(budget.used);
    return spentMessage(taskId);
  }

  #remember(taskId: string): void {
    this.#spent.add(taskId);
    if (this.#spent.size > SPENT_MEMORY) {
      const oldest = this.#spent.values().next().value;
      if (oldest !== undefined) this.#spent.delete(oldest);
    }
  }
}

function relatedTask(request: JsonRpcRequest): string | undefined {
  const params = request.params;
  const meta = isJsonObject(params) ? params._meta : undefined;
  const related = isJsonObject(meta) ? meta[RELATED_TASK] : undefined;
  const taskId = isJsonObject(related) ? related.taskId : undefined;
  return typeof taskId === "string" ? taskId : undefined;
}

function spentMessage(taskId: string): string {
  return `the client answers a limited number of input requests per task (maxRounds), and task ${JSON.stringify(taskId)} asked for more; this request is refused`;
}
