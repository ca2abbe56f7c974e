/**
 * The tasks extension in both eras: task shapes, `tasks/*` requests, waiting and polling.
 */
export { acceptsTaskCalls, planLegacyCall } from "./legacy-task-shape.js";
export type { LegacyCallPlan } from "./legacy-task-shape.js";
export { LegacyTaskClient } from "./legacy-tasks.js";
export { TaskClient } from "./task-client.js";
export {
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  MIN_TASK_POLL_INTERVAL_MS,
  TASKS_EXTENSION,
  checkTask,
  declaresTasks,
  isCreateTaskResult,
  withTasksExtension,
} from "./tasks.js";
export type {
  AwaitTaskOptions,
  CallToolOptions,
  CancelledTask,
  CompletedTask,
  CreateTaskResult,
  DetailedTask,
  FailedTask,
  GetTaskResult,
  InputRequiredTask,
  Task,
  TaskCallOptions,
  TaskMode,
  TaskStatus,
  WorkingTask,
} from "./tasks.js";
