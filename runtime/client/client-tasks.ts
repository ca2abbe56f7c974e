/**
 * The tasks side of `McpClient`: a task's state, its input, its cancellation and waiting for its
 * end, on either era's tasks (the 2026-07-28 extension, or 2025-11-25 `capabilities.tasks`, same
 * methods). Kept apart from the calls that start tasks (`callTool` with `task`), which reach the
 * same two task clients through `taskClients`.
 */
import { ClientCatalog } from "./client-catalog.js";
import type { Connection } from "./connection.js";
import type { Governance } from "../governance/index.js";
import type { InputGlue } from "../calls/index.js";
import type { ListenHub } from "../listen/index.js";
import type { ResultCache } from "../session/index.js";
import type { TaskInputBudgets } from "../input/index.js";
import type { CallToolResult, RequestOptions, Result } from "../protocol/index.js";
import type { InputResponses } from "../input/index.js";
import {
  LegacyTaskClient,
  TaskClient,
  withTasksExtension,
  type AwaitTaskOptions,
  type GetTaskResult,
} from "../tasks/index.js";

/** The two task clients of a connection, one per era. */
export interface TaskClients {
  tasks: TaskClient;
  /** Tasks on an initialize-era server (2025-11-25 `capabilities.tasks`), same methods. */
  legacyTasks: LegacyTaskClient;
}

export abstract class ClientTasks extends ClientCatalog {
  /** @internal For the calls that start tasks. */
  protected readonly taskClients: TaskClients;

  protected constructor(
    connection: Connection,
    cache: ResultCache,
    governance: Governance | undefined,
    { input, hub, taskInputs }: { input: InputGlue; hub: ListenHub; taskInputs: TaskInputBudgets },
  ) {
    super(connection, cache, governance);
    // `tasks/*` requests declare the extension, as servers require on each of them.
    const tasks = new TaskClient((method, params, options, allowTask) => {
      const capabilities = withTasksExtension(input.sessionCapabilities());
      const context = { method, target: params.taskId };
      return connection.request(method, params, options, context, { capabilities, allowTask });
    }, input.input.handlers);
    const legacyTasks = new LegacyTaskClient(
      (method, params, options, context) => connection.request(method, params, options, context),
      () => connection.server?.capabilities,
      taskInputs,
    );
    hub.watch("notifications/tasks/status", (notification) =>
      legacyTasks.pushed(notification.params),
    );
    this.taskClients = { tasks, legacyTasks };
  }

  /**
   * The current state of a task (`tasks/get`): its status, and its result (`completed`), error
   * (`failed`) or outstanding input requests (`input_required`).
   */
  getTask<R extends Result = CallToolResult>(
    taskId: string,
    options?: RequestOptions,
  ): Promise<GetTaskResult<R>> {
    const { tasks, legacyTasks } = this.taskClients;
    if (this.connection.era === "legacy") return legacyTasks.get<R>(taskId, options);
    return tasks.get<R>(taskId, options);
  }

  /**
   * Answers a task's input requests (`tasks/update`), keyed as its `inputRequests` asked. The
   * keys are remembered, so `awaitTask` does not answer them again while the server's state
   * still lists them.
   */
  updateTask(
    taskId: string,
    inputResponses: InputResponses,
    options?: RequestOptions,
  ): Promise<void> {
    const { tasks, legacyTasks } = this.taskClients;
    if (this.connection.era === "legacy") return legacyTasks.update(taskId);
    return tasks.update(taskId, inputResponses, options);
  }

  /**
   * Asks the server to cancel a task (`tasks/cancel`). Cancellation is cooperative: the task may
   * still end otherwise, and the client need not poll it again.
   */
  cancelTask(taskId: string, options?: RequestOptions): Promise<void> {
    const { tasks, legacyTasks } = this.taskClients;
    if (this.connection.era === "legacy") return legacyTasks.cancel(taskId, options);
    return tasks.cancel(taskId, options);
  }

  /**
   * Polls a task (`tasks/get`) until it ends and returns its result (for a tool call, the
   * `CallToolResult`, `isError: true` included). A failed task throws the server's error; a
   * cancelled one an `McpError` of kind `cancelled`. Input requests are answered through the
   * handlers and sent with `tasks/update`; the total `timeout` cancels the task (see
   * `AwaitTaskOptions`).
   */
  awaitTask<R extends Result = CallToolResult>(
    taskId: string,
    options: AwaitTaskOptions = {},
  ): Promise<R> {
    const { tasks, legacyTasks } = this.taskClients;
    const origin = { method: "tasks/get", target: taskId };
    if (this.connection.era === "legacy") {
      return legacyTasks.wait(taskId, options, origin) as Promise<R>;
    }
    return tasks.wait(taskId, options, origin) as Promise<R>;
  }
}
