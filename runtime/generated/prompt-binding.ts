/**
 * `definePrompt`: the runtime side of a generated prompt module.
 */
import type { McpClient } from "../client/index.js";
import type { MaybeInputRequired } from "../input/index.js";
import type { CallOptions } from "../input/index.js";
import type { GetPromptResult, Prompt } from "../protocol/index.js";

export interface PromptBinding<Arguments> {
  readonly name: string;
  readonly definition: Prompt;
  /** With `manual: true`, an `input_required` result the handlers cannot answer is returned. */
  get(
    client: McpClient,
    args: Arguments,
    options: CallOptions & { manual: true },
  ): Promise<MaybeInputRequired<GetPromptResult>>;
  get(client: McpClient, args: Arguments, options?: CallOptions): Promise<GetPromptResult>;
}

/** Binds a prompt definition (from the snapshot) to a typed `get`. */
export function definePrompt<Arguments extends Record<string, string>>(spec: {
  definition: Prompt;
}): PromptBinding<Arguments> {
  const name = spec.definition.name;
  return {
    name,
    definition: spec.definition,
    get: ((client: McpClient, args: Arguments, options?: CallOptions) =>
      client.getPrompt(name, args, options)) as PromptBinding<Arguments>["get"],
  };
}
