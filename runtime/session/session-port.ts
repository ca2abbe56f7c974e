/**
 * What a client needs of its session: `Session` itself, or the `Connection` that stands for the
 * session of the moment (started again after a server exits, opened lazily).
 */
import type { ProtocolEra } from "../protocol/index.js";
import type { ErrorContext } from "../protocol/index.js";
import type { RequestOptions } from "../protocol/index.js";
import type { RequestExtras } from "./session.js";
import type { Transport } from "../transports/index.js";
import type { Result } from "../protocol/index.js";

export interface SessionPort {
  readonly era: ProtocolEra;
  readonly protocolVersion: string;
  readonly transport: Transport;
  /** True while a lost connection is being opened again (requests then wait for it). */
  readonly reconnecting?: boolean;
  request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    extras?: RequestExtras,
  ): Promise<Result>;
  close(): Promise<void>;
}
