/**
 * The multi round-trip loop (MRTR): while the server answers `input_required`, answer its input
 * requests through the handlers and send the original request again, as a new request, with
 * `inputResponses` and the byte-exact `requestState`. Only entered once a first answer asked for
 * input, so complete results pay nothing for it.
 */
import { planAnswers, runAnswers } from "./answer-input.js";
import { McpError, describeContext, localError, type ErrorContext } from "../protocol/index.js";
import type { GovernedCallOptions } from "../protocol/index.js";
import type { InputHandlers } from "./input-handlers.js";
import type { InputResponses } from "./input-types.js";
import type { RequestOptions } from "../protocol/index.js";
import type { InputRequiredResult, Result } from "../protocol/index.js";

/** Per-call options of `callTool`, `getPrompt` and `readResource` for input requests. */
export interface RoundTripOptions {
  /** Handlers for this call; they replace the connection's, kind by kind. */
  handlers?: InputHandlers;
  /** Answers to a previous `input_required` result (manual mode), keyed as it asked. */
  inputResponses?: InputResponses;
  /** The previous `input_required` result's `requestState`, echoed untouched. */
  requestState?: string;
  /** Most requests sent for one call before giving up (default 10). */
  maxRounds?: number;
  /**
   * Return an `input_required` result the handlers cannot fully answer, instead of throwing,
   * so the caller can answer it and call again with `inputResponses` and `requestState`.
   */
  manual?: boolean;
}

/**
 * Options of `callTool`, `getPrompt` and `readResource`; `principal` (whom the call is for) is
 * what a governed client's hooks and policy see.
 */
export interface CallOptions extends RequestOptions, RoundTripOptions, GovernedCallOptions {}

export const DEFAULT_MAX_ROUNDS = 10;

/** A call that can be sent again with other params (same headers, same -32020 handling). */
export interface RoundTripCall {
  method: string;
  target: string;
  /** The original params, without `_meta`, `inputResponses` or `requestState`. */
  params: Record<string, unknown>;
  send: (params: Record<string, unknown>) => Promise<Result>;
  handlers: InputHandlers;
  options: RoundTripOptions & { signal?: AbortSignal };
}

/** Round-one params: the caller's manual-mode answers, if any, go with the first request. */
export function firstRoundParams(
  params: Record<string, unknown>,
  options: RoundTripOptions | undefined,
): Record<string, unknown> {
  if (options === undefined) return params;
  const { inputResponses, requestState } = options;
  if (inputResponses === undefined && requestState === undefined) return params;
  return retryParams(params, inputResponses, requestState);
}

/**
 * Drives the rounds after `first`, the first `input_required` answer. Resolves with a complete
 * result, or, in manual mode, with an `input_required` result the handlers cannot answer.
 */
export async function continueRounds(
  first: InputRequiredResult,
  call: RoundTripCall,
): Promise<Result> {
  const maxRounds = call.options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const context: ErrorContext = { method: call.method, target: call.target };
  const signal = call.options.signal;
  let result: Result = first;
  let rounds = 1;
  let idleRounds = 0;
  while (result.resultType === "input_required") {
    const asked = result as InputRequiredResult;
    if (rounds >= maxRounds) throw tooManyRounds(asked, rounds, context);
    const requests = asked.inputRequests ?? {};
    const plan = planAnswers(requests, call.handlers);
    if (plan.unanswerable.length > 0) {
      if (call.options.manual === true) return asked;
      throw unanswerable(asked, plan.unanswerable, context);
    }
    let responses: InputResponses | undefined;
    if (plan.answerers.size > 0) {
      idleRounds = 0;
      const base = { method: call.method, target: call.target, signal };
      responses = await runAnswers(plan.answerers, base, asked);
    } else {
      // Nothing asked, only state to echo (the server shedding load): wait a little, longer
      // each time, so a server that keeps answering this way is not hammered.
      await pause(backoffMs(idleRounds++), signal, context);
    }
    result = await call.send(retryParams(call.params, responses, asked.requestState));
    rounds++;
  }
  return result;
}

/** The original params plus this round's answers; no `requestState` when none was given. */
function retryParams(
  params: Record<string, unknown>,
  responses: InputResponses | undefined,
  requestState: string | undefined,
): Record<string, unknown> {
  const next: Record<string, unknown> = Object.assign({}, params);
  if (responses !== undefined) next.inputResponses = responses;
  if (requestState !== undefined) next.requestState = requestState;
  return next;
}

/** 50 ms, doubling to at most 1 s. */
function backoffMs(idleRounds: number): number {
  return Math.min(50 * 2 ** idleRounds, 1000);
}

function pause(ms: number, signal: AbortSignal | undefined, context: ErrorContext): Promise<void> {
  const cancelled = () => localError("cancelled", "the caller cancelled the request", context);
  if (signal?.aborted === true) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function tooManyRounds(result: InputRequiredResult, rounds: number, context: ErrorContext) {
  return new McpError({
    ...context,
    kind: "input_required",
    data: result,
    message: `${describeContext(context)}the server still needs input after ${rounds} rounds; giving up (raise maxRounds if this server needs more)`,
  });
}

function unanswerable(result: InputRequiredResult, keys: string[], context: ErrorContext) {
  return new McpError({
    ...context,
    kind: "input_required",
    data: result,
    message: `${describeContext(context)}the server needs input no handler can give: ${keys.join(", ")}; pass handlers to connect() or the call, or manual: true to answer it yourself`,
  });
}
