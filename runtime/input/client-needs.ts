/**
 * Client needs: the client capabilities a tool may depend on, by one name each, shared by `pull`
 * (which records them per tool in the snapshot), generated code (which says and checks them) and
 * the runtime's -32021 message. Each but `tasks` is answered by an input handler.
 */
import { TASKS_EXTENSION, type ClientCapabilities } from "../protocol/index.js";
import type { InputHandlers } from "./input-handlers.js";

/**
 * `elicitation` (form mode), `elicitation.url` (URL mode, which implies elicitation), `sampling`,
 * `roots`, and `tasks` (the `io.modelcontextprotocol/tasks` extension).
 */
export type ClientNeed = "elicitation" | "elicitation.url" | "sampling" | "roots" | "tasks";

/** Every client need, in the order messages and snapshots list them. */
export const CLIENT_NEEDS: readonly ClientNeed[] = Object.freeze([
  "elicitation",
  "elicitation.url",
  "roots",
  "sampling",
  "tasks",
]);

/** The handler that answers a need; `tasks` has none (it is declared, not answered). */
export function handlerFor(need: ClientNeed): keyof InputHandlers | undefined {
  switch (need) {
    case "elicitation":
      return "elicitation";
    case "elicitation.url":
      return "elicitationUrl";
    case "sampling":
    case "roots":
      return need;
    case "tasks":
      return undefined;
  }
}

/**
 * True when `capabilities` declare the need. `elicitation: {}` is form mode (the spec's
 * backward-compatible reading), so it declares `elicitation` but not `elicitation.url`.
 */
export function declaresNeed(capabilities: ClientCapabilities, need: ClientNeed): boolean {
  const elicitation = capabilities.elicitation;
  switch (need) {
    case "elicitation":
      return (
        elicitation !== undefined &&
        (elicitation.form !== undefined || elicitation.url === undefined)
      );
    case "elicitation.url":
      return elicitation?.url !== undefined;
    case "sampling":
      return capabilities.sampling !== undefined;
    case "roots":
      return capabilities.roots !== undefined;
    case "tasks":
      return capabilities.extensions?.[TASKS_EXTENSION] !== undefined;
  }
}

/** The needs `capabilities` declare, in `CLIENT_NEEDS` order. */
export function declaredNeeds(capabilities: ClientCapabilities): ClientNeed[] {
  return CLIENT_NEEDS.filter((need) => declaresNeed(capabilities, need));
}

/**
 * `capabilities` without the given needs; everything else (other keys, extensions, options
 * inside a capability) kept. Dropping `elicitation` drops the whole capability, URL mode with it.
 */
export function withoutNeeds(
  capabilities: ClientCapabilities,
  needs: readonly ClientNeed[],
): ClientCapabilities {
  const result: ClientCapabilities = { ...capabilities };
  for (const need of needs) {
    if (need === "elicitation") delete result.elicitation;
    else if (need === "sampling") delete result.sampling;
    else if (need === "roots") delete result.roots;
    else if (need === "elicitation.url" && result.elicitation !== undefined) {
      const { url: _url, ...rest } = result.elicitation;
      // `{}` alone would read as form mode, which was not declared.
      if (Object.keys(rest).length === 0) delete result.elicitation;
      else result.elicitation = rest;
    } else if (need === "tasks" && result.extensions !== undefined) {
      const { [TASKS_EXTENSION]: _tasks, ...others } = result.extensions;
      if (Object.keys(others).length === 0) delete result.extensions;
      else result.extensions = others;
    }
  }
  return result;
}

/**
 * The needs named by a -32021 error's `data.requiredCapabilities` (untrusted: anything that is
 * not an object names nothing). `elicitation: { url: {} }` names `elicitation.url` only.
 */
export function needsNamedBy(required: unknown): ClientNeed[] {
  if (typeof required !== "object" || required === null || Array.isArray(required)) return [];
  const named = required as ClientCapabilities;
  const needs = declaredNeeds(named);
  // `{ elicitation: { url: {} } }` asks for URL mode, not for form mode too.
  const urlOnly = named.elicitation?.url !== undefined && named.elicitation.form === undefined;
  return urlOnly ? needs.filter((need) => need !== "elicitation") : needs;
}

/** What to pass for a need, as a message says it: the handler, or the tasks extension. */
export function needAdvice(need: ClientNeed): string {
  const handler = handlerFor(need);
  if (handler === undefined) {
    return `the tasks extension: pass capabilities: { extensions: { "${TASKS_EXTENSION}": {} } }`;
  }
  return `the ${handler} handler: pass handlers.${handler}`;
}
