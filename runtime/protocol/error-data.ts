/**
 * The `data` shapes of `McpError` kinds whose failures are found above the error module (HTTP
 * statuses, governance). They live here so that errors.ts imports nothing above itself; the
 * modules that raise them re-export them under their old names.
 */
import type { PinnedField } from "./contract-digest.js";
import type { JsonRpcErrorObject } from "./jsonrpc.js";

/** `data` of a `transport` error for an HTTP status. */
export interface HttpStatusErrorData {
  status: number;
  /** The start of the body (or of the JSON-RPC error message in it), made inert. */
  body?: string;
  /** The JSON-RPC error object in the body, when there was one. */
  error?: JsonRpcErrorObject;
  /** Where a 3xx pointed. */
  location?: string;
}

/** `data` of an `auth` error (HTTP 401 or 403): the `Bearer` challenge's parameters. */
export interface HttpAuthErrorData {
  status: number;
  /** The Protected Resource Metadata URL (RFC 9728). */
  resource_metadata?: string;
  /** The scopes the server asks for (space-separated). */
  scope?: string;
  /** `invalid_token`, `insufficient_scope`, … (RFC 6750). */
  error?: string;
  error_description?: string;
  /** The JSON-RPC error in the body, e.g. a 403 for a rejected `Origin`. */
  jsonrpcError?: JsonRpcErrorObject;
}

/** `data` of a `not_found` error. */
export interface NotFoundErrorData {
  /** The tool the selection hides. */
  readonly tool: string;
}

/** `data` of a `denied` error. */
export interface DeniedErrorData {
  readonly tool: string;
  readonly principal: string;
  /** The rule that decided (its name, `rules[<index>]`, or `default`). */
  readonly rule: string;
  /** A `deny` decision, the approver's answer, no approver to ask, or an approver that failed. */
  readonly reason: "rule" | "approver" | "no-approver" | "approver-failed";
}

/** The name of a hook, as `HookErrorData.hook` gives it (the keys of `ClientHooks`). */
export type HookName =
  "onToolCall" | "onToolResult" | "onPromptGet" | "onResourceRead" | "onToolsListed";

/** `data` of a `hook` error. */
export interface HookErrorData {
  readonly hook: HookName;
  /** True when the hook refused; false when it threw or answered something unusable. */
  readonly refused: boolean;
  /** The reason the hook gave for refusing. */
  readonly reason?: string;
}

/** `data` of a `contract_changed` error. */
export interface ContractChangedData {
  /** The tool's name. */
  readonly tool: string;
  /**
   * The pinned fields whose live value differs (`PINNED_FIELDS` order), or `["removed"]` when the
   * server no longer lists the tool (or lists it malformed).
   */
  readonly changed: readonly (PinnedField | "removed")[];
  /** `sha256:…` of the pinned definition's compared fields (see `contractDigest`). */
  readonly pinnedDigest: string;
  /** `sha256:…` of the live definition's compared fields; undefined when it was removed. */
  readonly liveDigest: string | undefined;
}
