/**
 * The options of a generated tool call, in its plain form and its two task forms. Apart from
 * `tool-binding.ts` so the call forms (`tool-call-forms.ts`) can name them without a cycle.
 */
import type { GovernedCallOptions } from "../protocol/index.js";
import type { CallOptions } from "../input/index.js";
import type { TaskCallOptions } from "../tasks/index.js";

/**
 * Options of a generated tool call: request options, input handling, validation switches, and
 * the `principal` a governed client's policy judges the call for.
 */
export interface ToolCallOptions extends CallOptions, GovernedCallOptions {
  /** Validate the arguments against the tool's input schema before sending (default false). */
  validateInput?: boolean;
  /** Validate `structuredContent` against the tool's output schema (default true). */
  validateOutput?: boolean;
}

/**
 * Options of a tool that may run as a task (tasks extension), in the form that waits: if the
 * server makes a task, it is polled to its end and the call returns the final, validated result.
 */
export interface ToolAwaitTaskOptions extends ToolCallOptions, Omit<TaskCallOptions, "task"> {
  /** `"await"` declares the tasks extension on the call; absent, it is not declared. */
  task?: "await";
}

/**
 * Options of a tool that may run as a task, in the form that returns the task: the server's
 * `CreateTaskResult` is returned as is (complete it with `client.awaitTask` or `getTask`), or the
 * result, validated, when the server answered at once.
 */
export interface ToolReturnTaskOptions extends ToolCallOptions {
  task: "return";
}

/**
 * A generated call's options asking for `shape: "model"`: the result, validated as a plain call's
 * is, comes back as the text a model should see (see `shapeForModel`). Manual mode cannot give
 * text, so it is ruled out here.
 */
export interface ToolModelOptions extends ToolCallOptions {
  shape: "model";
  manual?: false;
}

/**
 * `ToolModelOptions` for a tool that may run as a task: `task: "await"` only, as a task handle
 * (`task: "return"`) is not text either.
 */
export interface ToolAwaitTaskModelOptions extends ToolAwaitTaskOptions {
  shape: "model";
  manual?: false;
}
