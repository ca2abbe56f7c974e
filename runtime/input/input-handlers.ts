/**
 * Input handlers: how the caller answers what a server asks for in an `input_required` result
 * (elicitation, sampling, roots), and the client capabilities that follow from them. A server
 * must not ask for a kind the client did not declare, so each declared kind needs a handler.
 */
import { localError } from "../protocol/index.js";
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  ListRootsResult,
} from "./input-types.js";
import type { ClientCapabilities } from "../protocol/index.js";

/** What a handler learns about the request it answers. */
export interface InputContext {
  /**
   * The key the server gave this input request; its answer is sent under the same key. For a
   * request an initialize-era server sent, its JSON-RPC id.
   */
  key: string;
  /**
   * The request that needs the input: `tools/call`, `prompts/get` or `resources/read`; for a task
   * awaited with `awaitTask`, `tasks/get` (and the task id as `target`). An initialize-era server
   * asks with a request of its own, not tied to one call: then its method (`elicitation/create`,
   * `sampling/createMessage`, `roots/list`) and the server's endpoint as `target`.
   */
  method: string;
  /** The tool or prompt name, or the resource URI (see `method`). */
  target: string;
  /** The call's abort signal, if it has one. */
  signal: AbortSignal | undefined;
}

type Answer<T> = T | Promise<T>;

/**
 * Answers form-mode elicitation. Return `{ action: "accept", content }`, or `decline`/`cancel`,
 * which are answers the server receives, not failures. Accepted content is checked against the
 * `requestedSchema`, with its defaults filled in.
 */
export type ElicitationHandler = (
  params: ElicitFormParams,
  context: InputContext,
) => Answer<ElicitResult>;

/**
 * Answers URL-mode elicitation. It must show the full URL and get the user's explicit consent
 * before opening it; `accept` means the user consented (the outcome arrives on the retry).
 */
export type UrlElicitationHandler = (
  params: ElicitUrlParams,
  context: InputContext,
) => Answer<ElicitResult>;

/** Answers `sampling/createMessage`; throw to refuse (the call is abandoned). */
export type SamplingHandler = (
  params: CreateMessageParams,
  context: InputContext,
) => Answer<CreateMessageResult>;

/** Answers `roots/list` with `file://` roots. */
export type RootsHandler = (context: InputContext) => Answer<ListRootsResult>;

/**
 * The handlers a client answers input requests with. `"manual"` declares the capability while
 * leaving the answer to the caller: a call with `manual: true` then returns the
 * `input_required` result instead of running a handler.
 */
export interface InputHandlers {
  elicitation?: ElicitationHandler | "manual";
  /** URL mode is declared only with its own handler, because it needs explicit user consent. */
  elicitationUrl?: UrlElicitationHandler | "manual";
  sampling?: SamplingHandler | "manual";
  roots?: RootsHandler | "manual";
}

/**
 * The capabilities to declare: the caller's own (checked: each input kind needs a handler) plus
 * the kinds the handlers answer. Throws an `McpError` of kind `input` for a declared kind with
 * no handler, since a server would then ask for input nobody can give.
 */
export function capabilitiesFor(
  declared: ClientCapabilities,
  handlers: InputHandlers,
): ClientCapabilities {
  const missing = undeclarable(declared, handlers);
  if (missing !== undefined) {
    throw localError(
      "input",
      `capabilities declare ${missing.capability} but no ${missing.handler} handler was given; pass handlers: { ${missing.handler}: … } (or "manual" to answer input requests yourself)`,
      { method: "connect" },
    );
  }
  const capabilities: ClientCapabilities = { ...declared };
  const form = handlers.elicitation !== undefined;
  const url = handlers.elicitationUrl !== undefined;
  if (form || url) {
    capabilities.elicitation = {
      ...declared.elicitation,
      ...(form ? { form: declared.elicitation?.form ?? {} } : {}),
      ...(url ? { url: declared.elicitation?.url ?? {} } : {}),
    };
  }
  if (handlers.sampling !== undefined) capabilities.sampling = declared.sampling ?? {};
  if (handlers.roots !== undefined) capabilities.roots = declared.roots ?? {};
  return capabilities;
}

/** Handlers given per call replace the connection's, kind by kind. */
export function mergeHandlers(base: InputHandlers, override: InputHandlers): InputHandlers {
  return { ...base, ...override };
}

function undeclarable(
  declared: ClientCapabilities,
  handlers: InputHandlers,
): { capability: string; handler: keyof InputHandlers } | undefined {
  const elicitation = declared.elicitation;
  if (elicitation !== undefined) {
    // `elicitation: {}` means form only (the spec's backward-compatible reading).
    const wantsForm = elicitation.form !== undefined || elicitation.url === undefined;
    if (wantsForm && handlers.elicitation === undefined) {
      return { capability: "elicitation (form)", handler: "elicitation" };
    }
    if (elicitation.url !== undefined && handlers.elicitationUrl === undefined) {
      return { capability: "elicitation.url", handler: "elicitationUrl" };
    }
  }
  if (declared.sampling !== undefined && handlers.sampling === undefined) {
    return { capability: "sampling", handler: "sampling" };
  }
  if (declared.roots !== undefined && handlers.roots === undefined) {
    return { capability: "roots", handler: "roots" };
  }
  return undefined;
}
