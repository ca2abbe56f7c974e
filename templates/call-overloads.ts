/**
 * The call a generated module exports, as two overloads and an implementation: manual mode
 * (`manual: true` may return the server's `input_required` result) first, so a call that says
 * `manual: true` gets the wider type, then the plain call, which returns complete results only.
 * A tool that may run as a task has two more in front: `task: "return"` with and without manual
 * mode, which may return the task handle. `WithoutClient` keeps every overload on the bound
 * client object.
 */
import { jsDocBlock } from "./escape.js";
import type { ToolTaskSupport } from "./task-support.js";

/** A parameter between `client` and `options`; `defaultText` (` = {}`) makes it optional. */
export interface CallParameter {
  name: string;
  type: string;
  defaultText?: string;
}

export interface CallOverloadsSpec {
  fn: string;
  /** JSDoc lines of the plain call. */
  doc: string[];
  parameters: CallParameter[];
  /** `ToolCallOptions` or `CallOptions`. */
  options: string;
  /** The complete result type, e.g. `ToolResult<BookOutput>`. */
  result: string;
  /** The implementation's one statement. */
  body: string;
  /** A tool's task support: set, the overloads take the task forms and `options` is unused. */
  tasks?: ToolTaskSupport;
}

/** The runtime types the overloads name, for the module's import list. */
export const CALL_OVERLOAD_TYPES = ["InputRequiredResult", "MaybeInputRequired"] as const;

/** What the task forms name besides `CALL_OVERLOAD_TYPES` (instead of `ToolCallOptions`). */
export const TASK_OVERLOAD_TYPES = [
  "CreateTaskResult",
  "ToolAwaitTaskOptions",
  "ToolReturnTaskOptions",
] as const;

/** The plain call's JSDoc lines about tasks, before its `@param` lines. */
function taskDocLines(support: "optional" | "required"): string[] {
  const lines =
    support === "required"
      ? [
          'The server runs this tool only as a task (`execution.taskSupport: "required"`), so this call is sent with `task: "await"` unless the options say otherwise: the task is polled to its end and its final result returned.',
        ]
      : [
          'With `task: "await"` the server may run the call as a task; it is polled to its end and its final result returned.',
        ];
  return ["", ...lines, 'Pass `task: "return"` to get the task\'s handle instead.', ""];
}

type Form = "manual" | "plain" | "implementation";

export function callOverloads(spec: CallOverloadsSpec): string {
  const params = (form: Form) =>
    spec.parameters.map((p) => {
      if (p.defaultText === undefined) return `${p.name}: ${p.type}`;
      if (form === "manual") return `${p.name}: ${p.type} | undefined`;
      return form === "plain" ? `${p.name}?: ${p.type}` : `${p.name}: ${p.type}${p.defaultText}`;
    });
  const signature = (form: Form, options: string) =>
    ["client: McpClient", ...params(form), options].join(", ");
  if (spec.tasks !== undefined) return taskOverloads(spec, spec.tasks, signature);
  return [
    jsDocBlock([
      `Manual mode of \`${spec.fn}\`: an \`input_required\` result the handlers cannot answer is returned; answer it and call again with \`inputResponses\` and \`requestState\`.`,
    ]),
    `export function ${spec.fn}(${signature("manual", `options: ${spec.options} & { manual: true }`)}): Promise<MaybeInputRequired<${spec.result}>>;`,
    jsDocBlock(spec.doc),
    `export function ${spec.fn}(${signature("plain", `options?: ${spec.options}`)}): Promise<${spec.result}>;`,
    `export function ${spec.fn}(${signature("implementation", `options?: ${spec.options}`)}): Promise<${spec.result} | InputRequiredResult> {`,
    spec.body,
    `}`,
  ].join("\n");
}

/** The four overloads of a tool that may run as a task (see the module comment). */
function taskOverloads(
  spec: CallOverloadsSpec,
  support: "optional" | "required",
  signature: (form: Form, options: string) => string,
): string {
  const { fn, result } = spec;
  const plainDoc = spec.doc.flatMap((line) => {
    if (line.startsWith("@param client")) return [...taskDocLines(support), line];
    return line.startsWith("@param options") ? [`${line.replace(/\.$/, "")}, task mode.`] : [line];
  });
  const task = "CreateTaskResult";
  return [
    jsDocBlock([
      `\`task: "return"\` in manual mode of \`${fn}\`: the task's handle (\`CreateTaskResult\`), the complete result if the server answered at once, or an \`input_required\` result the handlers cannot answer before the server made the task.`,
    ]),
    `export function ${fn}(${signature("manual", "options: ToolReturnTaskOptions & { manual: true }")}): Promise<MaybeInputRequired<${result}> | ${task}>;`,
    jsDocBlock([
      `\`task: "return"\`: the server may make a task instead of answering; its handle (\`CreateTaskResult\`, \`resultType: "task"\`) is returned at once. Complete it with \`client.awaitTask(handle.taskId)\` or follow it with \`client.getTask\`; those return the final result unvalidated. A result the server gave at once is returned as the plain call returns it.`,
    ]),
    `export function ${fn}(${signature("manual", "options: ToolReturnTaskOptions")}): Promise<${result} | ${task}>;`,
    jsDocBlock([
      `Manual mode of \`${fn}\`: an \`input_required\` result the handlers cannot answer is returned; answer it and call again with \`inputResponses\` and \`requestState\`.`,
    ]),
    `export function ${fn}(${signature("manual", "options: ToolAwaitTaskOptions & { manual: true }")}): Promise<MaybeInputRequired<${result}>>;`,
    jsDocBlock(plainDoc),
    `export function ${fn}(${signature("plain", "options?: ToolAwaitTaskOptions")}): Promise<${result}>;`,
    `export function ${fn}(${signature("implementation", "options?: ToolAwaitTaskOptions | ToolReturnTaskOptions")}): Promise<${result} | InputRequiredResult | ${task}> {`,
    spec.body,
    `}`,
  ].join("\n");
}
