/**
 * How a client answers input: the handlers and capabilities given to `connect()`, merged with a
 * call's own handlers, and the rounds that follow an `input_required` answer.
 */
import { capabilitiesFor, mergeHandlers, type InputHandlers } from "../input/index.js";
import { continueRounds, type CallOptions, type RoundTripOptions } from "../input/index.js";
import type { RequestExtras } from "../session/index.js";
import type { ClientCapabilities, InputRequiredResult, Result } from "../protocol/index.js";

/** How the connection answers input requests: its handlers and the capabilities the caller declared. */
export interface ClientInput {
  handlers: InputHandlers;
  declared: ClientCapabilities;
}

export const NO_INPUT: ClientInput = Object.freeze({ handlers: {}, declared: {} });

/** Requests whose answer may be `input_required`. */
const INPUT_OK: RequestExtras = Object.freeze({ allowInputRequired: true });

export class InputGlue {
  readonly input: ClientInput;

  constructor(input: ClientInput) {
    this.input = input;
  }

  /** Capabilities for a call with its own handlers; undefined (the session's) otherwise. */
  callCapabilities(options: RoundTripOptions | undefined): ClientCapabilities | undefined {
    if (options?.handlers === undefined) return undefined;
    return capabilitiesFor(
      this.input.declared,
      mergeHandlers(this.input.handlers, options.handlers),
    );
  }

  /** The capabilities `connect()` declared for the connection. */
  sessionCapabilities(): ClientCapabilities {
    return capabilitiesFor(this.input.declared, this.input.handlers);
  }

  /** Extras for a request that may answer `input_required`, with per-call capabilities. */
  extras(options: RoundTripOptions | undefined): RequestExtras {
    const capabilities = this.callCapabilities(options);
    return capabilities === undefined ? INPUT_OK : { allowInputRequired: true, capabilities };
  }

  /** The rounds after a first `input_required` answer (see round-trip.ts). */
  continueRounds(
    first: Result,
    context: { method: string; target: string },
    params: Record<string, unknown>,
    send: (params: Record<string, unknown>) => Promise<Result>,
    options: CallOptions | undefined,
  ): Promise<Result> {
    const own = options?.handlers;
    const handlers =
      own === undefined ? this.input.handlers : mergeHandlers(this.input.handlers, own);
    return continueRounds(first as InputRequiredResult, {
      ...context,
      params,
      send,
      handlers,
      options: options ?? {},
    });
  }
}
