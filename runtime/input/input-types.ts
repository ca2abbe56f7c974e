/**
 * The shapes of multi round-trip requests (MRTR, 2026-07-28): what a server asks the client for
 * inside an `input_required` result (elicitation, sampling, roots) and the bare results the client
 * answers with. Kept open where the schema allows extra fields.
 */
import type { ContentBlock, InputRequiredResult, JsonObject, Meta } from "../protocol/index.js";

/** One property of a form elicitation's flat `requestedSchema` (primitives and enums only). */
export interface ElicitPropertySchema {
  type: "string" | "number" | "integer" | "boolean" | "array";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  format?: "email" | "uri" | "date" | "date-time";
  minimum?: number;
  maximum?: number;
  enum?: string[];
  enumNames?: string[];
  oneOf?: { const: string; title?: string }[];
  minItems?: number;
  maxItems?: number;
  items?: { type?: "string"; enum?: string[]; anyOf?: { const: string; title?: string }[] };
  default?: string | number | boolean | string[];
  [key: string]: unknown;
}

/** `elicitation/create` in form mode (a missing `mode` means form). */
export interface ElicitFormParams {
  mode?: "form";
  message: string;
  requestedSchema: {
    $schema?: string;
    type: "object";
    properties: { [name: string]: ElicitPropertySchema };
    required?: string[];
  };
  _meta?: Meta;
}

/** `elicitation/create` in URL mode: the user is asked to open `url` out of band. */
export interface ElicitUrlParams {
  mode: "url";
  message: string;
  url: string;
  _meta?: Meta;
}

/** A form answer's values: strings, numbers, booleans and string lists (multi-select enums). */
export type ElicitContent = { [name: string]: string | number | boolean | string[] };

/**
 * The answer to an elicitation. `decline` and `cancel` are answers too (sent to the server), not
 * failures; `content` goes with a form `accept` only.
 */
export interface ElicitResult {
  action: "accept" | "decline" | "cancel";
  content?: ElicitContent;
  _meta?: Meta;
}

export interface SamplingMessage {
  role: "user" | "assistant";
  content: ContentBlock | ContentBlock[];
  _meta?: Meta;
}

/** `sampling/createMessage`: the server asks the client's model for a completion. */
export interface CreateMessageParams {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  modelPreferences?: JsonObject;
  includeContext?: "none" | "thisServer" | "allServers";
  temperature?: number;
  stopSequences?: string[];
  metadata?: JsonObject;
  tools?: JsonObject[];
  toolChoice?: { mode?: "auto" | "required" | "none" };
  _meta?: Meta;
  [key: string]: unknown;
}

export interface CreateMessageResult {
  role: "user" | "assistant";
  content: ContentBlock | ContentBlock[];
  model: string;
  stopReason?: string;
  _meta?: Meta;
  [key: string]: unknown;
}

/** A root the client exposes; `uri` must be a `file://` URI. */
export interface Root {
  uri: string;
  name?: string;
  _meta?: Meta;
}

export interface ListRootsResult {
  roots: Root[];
  _meta?: Meta;
}

/** One answer in `inputResponses`: the bare result, without `resultType`. */
export type InputResponse = ElicitResult | CreateMessageResult | ListRootsResult;

/** `inputResponses`, keyed as the server keyed its `inputRequests`. */
export type InputResponses = { [key: string]: InputResponse };

/**
 * A result that is either complete (`resultType` absent or `"complete"`) or asks for input; test
 * `result.resultType === "input_required"` to tell them apart.
 */
export type MaybeInputRequired<T> = (T & { resultType?: "complete" }) | InputRequiredResult;
