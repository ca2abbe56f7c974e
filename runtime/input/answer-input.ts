/**
 * Answers one round's `inputRequests` through the handlers. Every request is matched to a
 * handler before any handler runs, so a round nobody can fully answer asks the user nothing.
 */
import {
  McpError,
  describeContext,
  isMcpError,
  localError,
  type ErrorContext,
} from "../protocol/index.js";
import { checkElicitContent } from "./elicit-form.js";
import { elicitFormProblem } from "./elicit-schema.js";
import type { InputContext, InputHandlers } from "./input-handlers.js";
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitContent,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  InputResponse,
  InputResponses,
} from "./input-types.js";
import type { InputRequest, InputRequiredResult } from "../protocol/index.js";

/** A ready-to-run answer to one input request. */
export type Answerer = (context: InputContext) => Promise<InputResponse>;

/**
 * The answerer for each key, or the keys no handler can answer. A request of a kind whose
 * handler is `"manual"` (or absent) is unanswerable here.
 */
export function planAnswers(
  requests: { [key: string]: InputRequest },
  handlers: InputHandlers,
): { answerers: Map<string, Answerer>; unanswerable: string[] } {
  const answerers = new Map<string, Answerer>();
  const unanswerable: string[] = [];
  for (const [key, request] of Object.entries(requests)) {
    const answerer = answererFor(request, handlers);
    if (answerer === undefined) unanswerable.push(`${key} (${describeRequest(request)})`);
    else answerers.set(key, answerer);
  }
  return { answerers, unanswerable };
}

/**
 * Runs the answerers one after another (a user answers one prompt at a time), in the server's
 * key order. A handler that throws fails the call with kind `input_required`, its error as cause.
 */
export async function runAnswers(
  answerers: Map<string, Answerer>,
  base: Omit<InputContext, "key">,
  result: InputRequiredResult,
): Promise<InputResponses> {
  const responses: InputResponses = {};
  for (const [key, answer] of answerers) {
    if (base.signal?.aborted === true) {
      throw localError("cancelled", "the caller cancelled the request", base);
    }
    try {
      responses[key] = await answer({ ...base, key });
    } catch (error) {
      if (isMcpError(error)) throw error;
      const context: ErrorContext = { method: base.method, target: base.target };
      throw new McpError({
        ...context,
        kind: "input_required",
        data: result,
        cause: error,
        message: `${describeContext(context)}the handler for input request ${JSON.stringify(key)} failed: ${String(error)}`,
      });
    }
  }
  return responses;
}

/**
 * The answerer for one input request, or undefined when no handler answers its kind. A form
 * elicitation whose `requestedSchema` is not the spec's restricted one is answered `decline`
 * without calling the handler (nobody can fill in a form that cannot be shown or checked); an
 * initialize-era server is told why instead (`ServerRequests`).
 */
export function answererFor(request: InputRequest, handlers: InputHandlers): Answerer | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  switch (request.method) {
    case "elicitation/create": {
      if (params.mode === "url") {
        const handler = handlers.elicitationUrl;
        if (typeof handler !== "function") return undefined;
        return async (context) =>
          bareElicit(await handler(params as unknown as ElicitUrlParams, context), false, context);
      }
      const handler = handlers.elicitation;
      if (typeof handler !== "function") return undefined;
      if (elicitFormProblem(params) !== undefined) return () => Promise.resolve(DECLINE);
      const form = params as unknown as ElicitFormParams;
      return async (context) => {
        const answer = bareElicit(await handler(form, context), true, context);
        if (answer.action !== "accept") return answer;
        return { ...answer, content: checkedContent(form, answer.content, context) };
      };
    }
    case "sampling/createMessage": {
      const handler = handlers.sampling;
      if (typeof handler !== "function") return undefined;
      return async (context) =>
        checkSampling(await handler(params as unknown as CreateMessageParams, context), context);
    }
    case "roots/list": {
      const handler = handlers.roots;
      if (typeof handler !== "function") return undefined;
      return async (context) => checkRoots(await handler(context), context);
    }
    default:
      return undefined;
  }
}

const DECLINE: ElicitResult = Object.freeze({ action: "decline" });

/**
 * The accepted content, checked; whatever the check throws is an `McpError` of kind `input`, so
 * no bare `TypeError` ever reaches the caller or, as an error response, the server.
 */
function checkedContent(
  form: ElicitFormParams,
  content: ElicitResult["content"],
  context: ErrorContext,
): ElicitContent {
  try {
    return checkElicitContent(form, content, context);
  } catch (error) {
    if (isMcpError(error)) throw error;
    throw new McpError({
      ...context,
      kind: "input",
      cause: error,
      message: `${describeContext(context)}the elicitation answer could not be checked against its schema`,
    });
  }
}

/** `decline` and `cancel` carry no content; URL-mode `accept` carries none either. */
function bareElicit(answer: ElicitResult, form: boolean, context: ErrorContext): ElicitResult {
  const action = (answer as { action?: unknown } | undefined)?.action;
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    throw new McpError({
      ...context,
      kind: "input",
      message: `${describeContext(context)}an elicitation handler must answer { action: "accept" | "decline" | "cancel" }`,
    });
  }
  if (action === "accept" && form) return answer;
  const { content: _dropped, ...bare } = answer;
  return bare;
}

function checkRoots<T extends { roots: { uri: string }[] }>(answer: T, context: ErrorContext): T {
  const roots = (answer as { roots?: unknown } | undefined)?.roots;
  const bad = Array.isArray(roots)
    ? roots.find(
        (root: { uri?: unknown }) =>
          typeof root?.uri !== "string" || !root.uri.startsWith("file://"),
      )
    : "no list";
  if (bad === undefined) return answer;
  throw new McpError({
    ...context,
    kind: "input",
    message: `${describeContext(context)}a roots handler must answer { roots: [{ uri: "file://…" }] }`,
  });
}

/** The fields a server reads from a `CreateMessageResult`; a handler that leaves one out is a bug. */
function checkSampling(answer: CreateMessageResult, context: ErrorContext): CreateMessageResult {
  const record = answer as Partial<CreateMessageResult> | undefined;
  const content = record?.content;
  const ok =
    (record?.role === "assistant" || record?.role === "user") &&
    typeof record.model === "string" &&
    typeof content === "object" &&
    content !== null;
  if (ok) return answer;
  throw new McpError({
    ...context,
    kind: "input",
    message: `${describeContext(context)}a sampling handler must answer { role, content, model }`,
  });
}

function describeRequest(request: InputRequest): string {
  const mode = (request.params as { mode?: unknown } | undefined)?.mode;
  return request.method === "elicitation/create" && mode === "url"
    ? "elicitation/create, url mode"
    : String(request.method);
}
