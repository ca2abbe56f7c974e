/**
 * A server for the tasks extension (`io.modelcontextprotocol/tasks`), written from its spec: it
 * makes a task for a `tools/call` only when that request declared the extension, serves
 * `tasks/get`, `tasks/update` and `tasks/cancel` only to requests that declare it (-32021
 * otherwise), answers -32602 for unknown task ids, and keeps each task's state machine. The same
 * method table is served in process (`scriptedServer`) and over HTTP (`startTaskHttpServer`).
 *
 * Tools:
 * - `slow`: a task that completes on its third `tasks/get` (the answer carries `pollIntervalMs`).
 * - `ask`: a task that needs a name through a form elicitation, then greets it. Its state lags
 *   one poll behind a `tasks/update` (the spec's eventual consistency): the next `tasks/get`
 *   still lists the answered request.
 * - `forever`: a task that stays `working` until cancelled.
 * - `fails`: a task that fails with a JSON-RPC error.
 * - `seeded`: a task whose `CreateTaskResult` is already completed, with its result inline.
 * - `only-task`: -32021 unless the request declared the extension.
 * - `rogue`: answers `resultType: "task"` whether or not the extension was declared.
 * - `report`: a task that completes on its second `tasks/get` with `structuredContent`
 *   `{ status: "ready", polls }`; answered at once (`polls: 0`) when the extension is not declared
 *   or the arguments say `topic: "now"` (the server decides per request).
 * - `bad-report`: the same, with a `status` that is not a string (for output validation).
 * - any other tool: a plain result, declared or not.
 */
import { randomUUID } from "node:crypto";
import type { JsonRpcRequest } from "@mcp-codegen/runtime";
import { startServer, sendJson, type TestServer } from "../runtime/http-test-server.js";
import {
  DISCOVER_RESULT,
  RpcError,
  scriptedServer,
  type ScriptedServer,
} from "./scripted-server.js";

export const TASKS = "io.modelcontextprotocol/tasks";
const POLL_MS = 5;

type Status = "working" | "input_required" | "completed" | "cancelled" | "failed";

interface TaskState {
  taskId: string;
  tool: string;
  status: Status;
  createdAt: string;
  lastUpdatedAt: string;
  polls: number;
  inputRequests?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
  statusMessage?: string;
  /** `ask`: the accepted answer, and the polls left before the state shows it. */
  answer?: { action?: string; content?: { name?: string } };
  lag?: number;
}

export interface TaskServerLog {
  /** Every `tasks/*` request, in order. */
  taskRequests: Array<{ method: string; params: Record<string, unknown> }>;
  tasks: Map<string, TaskState>;
}

function declaresTasks(params: Record<string, unknown>): boolean {
  const meta = params._meta as Record<string, unknown> | undefined;
  const capabilities = meta?.["io.modelcontextprotocol/clientCapabilities"] as
    { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS] !== undefined;
}

function missingCapability(): RpcError {
  return new RpcError(-32021, "Missing required client capability", {
    requiredCapabilities: { extensions: { [TASKS]: {} } },
  });
}

function text(value: string): Record<string, unknown> {
  return { content: [{ type: "text", text: value }], isError: false };
}

/** `report` and `bad-report`: structured output, with the JSON in a text block as well. */
const STRUCTURED = new Set(["report", "bad-report"]);

function structured(tool: string, polls: number): Record<string, unknown> {
  const output = { status: tool === "report" ? "ready" : 7, polls };
  return { ...text(JSON.stringify(output)), structuredContent: output };
}

/** The task's wire shape: `Task` plus the payload of its status. */
function view(task: TaskState): Record<string, unknown> {
  const out: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: 60_000,
    pollIntervalMs: POLL_MS,
  };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  if (task.status === "input_required") out.inputRequests = task.inputRequests;
  if (task.status === "completed") out.result = task.result;
  if (task.status === "failed") out.error = task.error;
  return out;
}

function touch(task: TaskState, status: Status): void {
  task.status = status;
  task.lastUpdatedAt = new Date().toISOString();
}

const TERMINAL = new Set<Status>(["completed", "cancelled", "failed"]);

/** The method table of the task server, with what it saw. */
export function taskMethods(): {
  methods: Record<string, (params: Record<string, unknown>) => unknown>;
  log: TaskServerLog;
} {
  const log: TaskServerLog = { taskRequests: [], tasks: new Map() };

  const create = (tool: string): TaskState => {
    const now = new Date().toISOString();
    const task: TaskState = {
      taskId: randomUUID(),
      tool,
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      polls: 0,
    };
    log.tasks.set(task.taskId, task);
    return task;
  };

  /** Advances a task as its tool scripts it, once per `tasks/get`. */
  const advance = (task: TaskState): void => {
    if (TERMINAL.has(task.status)) return;
    task.polls++;
    if (task.tool === "slow" && task.polls >= 3) {
      task.result = text("slow work done");
      touch(task, "completed");
    }
    if (STRUCTURED.has(task.tool) && task.polls >= 2) {
      task.result = structured(task.tool, task.polls);
      touch(task, "completed");
    }
    if (task.tool === "fails") {
      task.error = { code: -32603, message: "backend exploded" };
      task.statusMessage = "Tool execution failed: backend exploded";
      touch(task, "failed");
    }
    if (task.tool === "ask" && task.answer !== undefined) {
      if (task.lag !== undefined && task.lag > 0) {
        task.lag--;
        return;
      }
      const answer = task.answer;
      delete task.inputRequests;
      task.result =
        answer.action === "accept"
          ? text(`Hello, ${String(answer.content?.name)}!`)
          : text(`no name (${String(answer.action)})`);
      touch(task, "completed");
      return;
    }
    if (task.tool === "ask" && task.polls === 1) {
      task.inputRequests = {
        "name-1": {
          method: "elicitation/create",
          params: {
            mode: "form",
            message: "Please enter your name.",
            requestedSchema: {
              type: "object",
              properties: { name: { type: "string" } },
              required: ["name"],
            },
          },
        },
      };
      touch(task, "input_required");
    }
  };

  const lookup = (params: Record<string, unknown>, method: string): TaskState => {
    log.taskRequests.push({ method, params });
    if (!declaresTasks(params)) throw missingCapability();
    const task = typeof params.taskId === "string" ? log.tasks.get(params.taskId) : undefined;
    if (task === undefined) throw new RpcError(-32602, "Failed to retrieve task: Task not found");
    return task;
  };

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    "tools/call": (params) => {
      const tool = String(params.name);
      const declared = declaresTasks(params);
      if (tool === "rogue") return { resultType: "task", ...view(create(tool)) };
      if (tool === "only-task" && !declared) throw missingCapability();
      const tasked = ["slow", "ask", "forever", "fails", "seeded", "only-task", ...STRUCTURED];
      const now = (params.arguments as { topic?: unknown } | undefined)?.topic === "now";
      if (STRUCTURED.has(tool) && (!declared || now)) {
        return { resultType: "complete", ...structured(tool, 0) };
      }
      if (!declared || !tasked.includes(tool)) {
        return { resultType: "complete", ...text(`${tool} answered directly`) };
      }
      const task = create(tool === "only-task" ? "slow" : tool);
      if (tool === "seeded") {
        task.result = text("seeded result");
        touch(task, "completed");
      }
      return {
        resultType: "task",
        ...view(task),
        statusMessage: "The operation is now in progress.",
      };
    },
    "tasks/get": (params) => {
      const task = lookup(params, "tasks/get");
      advance(task);
      return { resultType: "complete", ...view(task) };
    },
    "tasks/update": (params) => {
      const task = lookup(params, "tasks/update");
      const responses = (params.inputResponses ?? {}) as Record<string, unknown>;
      // Only a request still outstanding takes an answer; others are ignored, as the spec asks.
      const outstanding = task.status === "input_required" && task.answer === undefined;
      const answer = responses["name-1"] as TaskState["answer"];
      if (outstanding && answer !== undefined) {
        task.answer = answer;
        task.lag = 1;
      }
      return { resultType: "complete" };
    },
    "tasks/cancel": (params) => {
      const task = lookup(params, "tasks/cancel");
      if (!TERMINAL.has(task.status)) {
        task.statusMessage = "Cancelled by the client";
        touch(task, "cancelled");
      }
      return { resultType: "complete" };
    },
  };
  return { methods, log };
}

/** The task server in process. */
export function taskServer(): ScriptedServer & { log: TaskServerLog } {
  const { methods, log } = taskMethods();
  return { ...scriptedServer(methods), log };
}

/** The task server over HTTP (plain JSON responses); `received` has each request's headers. */
export async function startTaskHttpServer(): Promise<TestServer & { log: TaskServerLog }> {
  const { methods, log } = taskMethods();
  const table: Record<string, (params: Record<string, unknown>) => unknown> = {
    "server/discover": () => DISCOVER_RESULT,
    ...methods,
  };
  const server = await startServer((received, res) => {
    const message = received.message as JsonRpcRequest | undefined;
    if (message === undefined || message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const method = table[message.method];
    try {
      if (method === undefined) throw new RpcError(-32601, "Method not found");
      const result = method(message.params ?? {});
      sendJson(res, 200, { jsonrpc: "2.0", id: message.id, result });
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      const body = error.data === undefined ? {} : { data: error.data };
      const status = error.code === -32601 ? 404 : 400;
      sendJson(res, status, {
        jsonrpc: "2.0",
        id: message.id,
        error: { code: error.code, message: error.message, ...body },
      });
    }
  });
  return Object.assign(server, { log });
}
