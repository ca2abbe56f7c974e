/**
 * What the caller answers when a server asks: the MRTR shapes and round-trip loop, input
 * handlers, form elicitation checks, and requests an initialize-era server sends.
 */
export { planAnswers, runAnswers } from "./answer-input.js";
export { capabilitiesFor, mergeHandlers } from "./input-handlers.js";
export {
  CLIENT_NEEDS,
  declaredNeeds,
  declaresNeed,
  handlerFor,
  needAdvice,
  needsNamedBy,
  withoutNeeds,
} from "./client-needs.js";
export type { ClientNeed } from "./client-needs.js";
export type {
  ElicitationHandler,
  InputContext,
  InputHandlers,
  RootsHandler,
  SamplingHandler,
  UrlElicitationHandler,
} from "./input-handlers.js";
export * from "./input-types.js";
export { DEFAULT_MAX_ROUNDS, continueRounds, firstRoundParams } from "./round-trip.js";
export type { CallOptions, RoundTripOptions } from "./round-trip.js";
export { ServerRequests } from "./server-requests.js";
export { TaskInputBudgets } from "./task-input-budget.js";
