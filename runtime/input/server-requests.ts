/**
 * Answers the requests an initialize-era server sends the client (`ping`, `elicitation/create`,
 * `sampling/createMessage`, `roots/list`) with the same handlers that answer multi round-trip
 * input requests in 2026-07-28, so one set of handlers serves both eras. Every request gets a
 * response: a result, or a JSON-RPC error a server can act on.
 */
import { answererFor } from "./answer-input.js";
import { elicitFormProblem } from "./elicit-schema.js";
import { isMcpError } from "../protocol/index.js";
import type { InputHandlers } from "./input-handlers.js";
import type { JsonRpcId, JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import { ErrorCode } from "../protocol/index.js";
import { nestingProblem } from "../basics/index.js";
import type { TaskInputBudgets } from "./task-input-budget.js";
import type { InputRequest } from "../protocol/index.js";

/** JSON-RPC's code for a request the receiver cancelled (the server's `notifications/cancelled`). */
const REQUEST_CANCELLED = -32800;

export class ServerRequests {
  readonly #handlers: InputHandlers;
  readonly #endpoint: string;
  readonly #budgets: TaskInputBudgets | undefined;
  /** Requests being answered, by id, so the server's `notifications/cancelled` can abort them. */
  readonly #running = new Map<JsonRpcId, AbortController>();

  /** `budgets` caps the requests tied to a 2025-11-25 task (see task-input-budget.ts). */
  constructor(handlers: InputHandlers, endpoint: string, budgets?: TaskInputBudgets) {
    this.#handlers = handlers;
    this.#endpoint = endpoint;
    this.#budgets = budgets;
  }

  /** The transport's `onRequest`: never rejects. */
  readonly answer = async (request: JsonRpcRequest): Promise<JsonRpcResponse> => {
    const { id, method } = request;
    if (method === "ping") return { jsonrpc: "2.0", id, result: {} };
    // Handlers (and the checks before them) walk the params: nothing nested past the bound.
    const nesting = request.params === undefined ? undefined : nestingProblem(request.params);
    if (nesting !== undefined) {
      return errorResponse(id, ErrorCode.InvalidParams, `the params are ${nesting}`);
    }
    // A task past its rounds cap gets no more handler calls (each may be a user's question or
    // an LLM call), whatever it asks.
    const refusal = this.#budgets?.refusal(request);
    if (refusal !== undefined) return errorResponse(id, ErrorCode.InternalError, refusal);
    const answerer = answererFor(request as unknown as InputRequest, this.#handlers);
    if (answerer === undefined) {
      const known =
        method === "elicitation/create" ||
        method === "sampling/createMessage" ||
        method === "roots/list";
      const message = known
        ? `the client has no handler for ${method}${isUrlElicitation(request) ? " (url mode)" : ""}`
        : `the client does not implement ${method}`;
      return errorResponse(id, ErrorCode.MethodNotFound, message);
    }
    // An answerer exists, so a form has a handler: one the spec's schema does not allow is
    // invalid params, said before anyone is asked (the spec answers an undeclared mode so too).
    const formProblem = isFormElicitation(request) ? elicitFormProblem(request.params) : undefined;
    if (formProblem !== undefined) {
      return errorResponse(
        id,
        ErrorCode.InvalidParams,
        `the client cannot show this form elicitation: ${formProblem}`,
      );
    }
    const controller = new AbortController();
    this.#running.set(id, controller);
    try {
      const result = await answerer({
        key: String(id),
        method,
        target: this.#endpoint,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return errorResponse(id, REQUEST_CANCELLED, "cancelled");
      return { jsonrpc: "2.0", id, result: result as Record<string, unknown> };
    } catch (error) {
      if (controller.signal.aborted) return errorResponse(id, REQUEST_CANCELLED, "cancelled");
      // A handler that throws (or answers in a shape the server could not use) fails this
      // request only; the server decides what that means for the call that needed it.
      const reason = isMcpError(error) ? error.message : String(error);
      return errorResponse(
        id,
        ErrorCode.InternalError,
        `the client's ${method} handler failed: ${reason}`,
      );
    } finally {
      this.#running.delete(id);
    }
  };

  /**
   * The server's `notifications/cancelled`: aborts the handler answering that request, and
   * returns whether there was one (else the notification is about something else, such as a
   * listen subscription, and goes on to its owner).
   */
  cancel(requestId: unknown, reason: unknown): boolean {
    if (typeof requestId !== "string" && typeof requestId !== "number") return false;
    const controller = this.#running.get(requestId);
    if (controller === undefined) return false;
    controller.abort(typeof reason === "string" ? reason : "cancelled by the server");
    return true;
  }

  /** The connection is closing: abort every handler still running. */
  abortAll(): void {
    for (const controller of this.#running.values()) controller.abort("the client is closing");
    this.#running.clear();
  }
}

function isFormElicitation(request: JsonRpcRequest): boolean {
  return request.method === "elicitation/create" && !isUrlElicitation(request);
}

function isUrlElicitation(request: JsonRpcRequest): boolean {
  return (request.params as { mode?: unknown } | undefined)?.mode === "url";
}

function errorResponse(id: JsonRpcId, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
