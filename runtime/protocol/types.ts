/**
 * The MCP 2026-07-28 shapes the runtime surfaces to callers. Hand-written from the specification's
 * schema, kept open (`[key: string]: unknown` where the schema allows extra fields) because servers
 * may add fields and a client must not drop them.
 */

export type JsonObject = { [key: string]: unknown };
export type Meta = { [key: string]: unknown };

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
  [key: string]: unknown;
}

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
}

export interface ClientCapabilities {
  experimental?: { [key: string]: JsonObject };
  roots?: JsonObject;
  sampling?: { context?: JsonObject; tools?: JsonObject };
  elicitation?: { form?: JsonObject; url?: JsonObject };
  extensions?: { [extensionId: string]: JsonObject };
}

export interface ServerCapabilities {
  experimental?: { [key: string]: JsonObject };
  logging?: JsonObject;
  completions?: JsonObject;
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  tools?: { listChanged?: boolean };
  extensions?: { [extensionId: string]: JsonObject };
  [key: string]: unknown;
}

/** `resultType` of a 2026-07-28 result; absent on legacy servers (treated as `complete`). */
export type ResultType = "complete" | "input_required";

export interface Result {
  resultType?: string;
  _meta?: Meta;
  [key: string]: unknown;
}

/** Caching hints on `server/discover`, list and read results. */
export interface CacheableResult extends Result {
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

export interface DiscoverResult extends CacheableResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  inputSchema: { type?: "object"; [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
  annotations?: ToolAnnotations;
  _meta?: Meta;
  [key: string]: unknown;
}

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [key: string]: unknown;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  arguments?: PromptArgument[];
  _meta?: Meta;
  [key: string]: unknown;
}

export interface Annotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
  [key: string]: unknown;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Meta;
  [key: string]: unknown;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Meta;
  [key: string]: unknown;
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Meta;
}

export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  /** Base64. */
  blob: string;
  _meta?: Meta;
}

export type ResourceContents = TextResourceContents | BlobResourceContents;

export interface TextContent {
  type: "text";
  text: string;
  annotations?: Annotations;
  _meta?: Meta;
}

export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: Meta;
}

export interface AudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: Meta;
}

export interface ResourceLink extends Resource {
  type: "resource_link";
}

export interface EmbeddedResource {
  type: "resource";
  resource: ResourceContents;
  annotations?: Annotations;
  _meta?: Meta;
}

/** A content block; unknown block types from newer servers are kept, not dropped. */
export type ContentBlock =
  TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/**
 * The result of `tools/call`. `isError: true` marks a tool execution error: it is a result
 * (meant for the model), never thrown. `StructuredContent` is typed by generated code.
 */
export interface CallToolResult<StructuredContent = unknown> extends Result {
  content: ContentBlock[];
  structuredContent?: StructuredContent;
  isError?: boolean;
}

export interface PromptMessage {
  role: "user" | "assistant";
  content: ContentBlock;
}

export interface GetPromptResult extends Result {
  description?: string;
  messages: PromptMessage[];
}

export interface ReadResourceResult extends CacheableResult {
  contents: ResourceContents[];
}

export interface CompleteResult extends Result {
  completion: { values: string[]; total?: number; hasMore?: boolean };
}

export type CompleteReference =
  { type: "ref/prompt"; name: string; title?: string } | { type: "ref/resource"; uri: string };

export interface CompleteParams {
  ref: CompleteReference;
  argument: { name: string; value: string };
  context?: { arguments?: { [name: string]: string } };
}

/** One request a server asks the client to fulfil before retrying (MRTR). */
export interface InputRequest {
  method: string;
  params?: JsonObject;
}

/** `resultType: "input_required"`: the server needs input before it can finish (MRTR). */
export interface InputRequiredResult extends Result {
  resultType: "input_required";
  inputRequests?: { [key: string]: InputRequest };
  requestState?: string;
}

export type LoggingLevel =
  "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface LogMessage {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}
