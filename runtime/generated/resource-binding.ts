/**
 * `defineResource` and `defineResourceTemplate`: the runtime side of generated resource modules.
 * Templates are parsed once per module (on first use), then expanded per call.
 */
import type { McpClient } from "../client/index.js";
import type { MaybeInputRequired } from "../input/index.js";
import type { CallOptions } from "../input/index.js";
import type { ReadResourceResult, Resource, ResourceTemplate } from "../protocol/index.js";
import { compileUriTemplate, type UriTemplate } from "./uri-template.js";

export interface ResourceBinding {
  readonly uri: string;
  readonly definition: Resource;
  /** With `manual: true`, an `input_required` result the handlers cannot answer is returned. */
  read(
    client: McpClient,
    options: CallOptions & { manual: true },
  ): Promise<MaybeInputRequired<ReadResourceResult>>;
  read(client: McpClient, options?: CallOptions): Promise<ReadResourceResult>;
}

/** Binds a static resource (from the snapshot) to a `read`. */
export function defineResource(spec: { definition: Resource }): ResourceBinding {
  const uri = spec.definition.uri;
  return {
    uri,
    definition: spec.definition,
    read: ((client: McpClient, options?: CallOptions) =>
      client.readResource(uri, options)) as ResourceBinding["read"],
  };
}

export interface ResourceTemplateBinding<Params> {
  readonly uriTemplate: string;
  readonly definition: ResourceTemplate;
  /** The URI for these parameters (RFC 6570 expansion, with its encoding rules). */
  expand(params: Params): string;
  /** With `manual: true`, an `input_required` result the handlers cannot answer is returned. */
  read(
    client: McpClient,
    params: Params,
    options: CallOptions & { manual: true },
  ): Promise<MaybeInputRequired<ReadResourceResult>>;
  read(client: McpClient, params: Params, options?: CallOptions): Promise<ReadResourceResult>;
}

/** Binds a resource template (from the snapshot) to typed `expand` and `read`. */
export function defineResourceTemplate<Params extends object>(spec: {
  definition: ResourceTemplate;
}): ResourceTemplateBinding<Params> {
  let compiled: UriTemplate | undefined;
  const expand = (params: Params): string =>
    (compiled ??= compileUriTemplate(spec.definition.uriTemplate)).expand(
      params as Record<string, unknown>,
    );
  return {
    uriTemplate: spec.definition.uriTemplate,
    definition: spec.definition,
    expand,
    read: ((client: McpClient, params: Params, options?: CallOptions) =>
      client.readResource(expand(params), options)) as ResourceTemplateBinding<Params>["read"],
  };
}
