/**
 * `definePrompt`: the runtime side of a generated prompt module.
 */
import type { McpClient } from "./client.js";
import type { RequestOptions } from "./request-options.js";
import type { GetPromptResult, Prompt } from "./types.js";

export interface PromptBinding<Arguments> {
  readonly name: string;
  readonly definition: Prompt;
  get(client: McpClient, args: Arguments, options?: RequestOptions): Promise<GetPromptResult>;
}

/** Binds a prompt definition (from the snapshot) to a typed `get`. */
export function definePrompt<Arguments extends Record<string, string>>(spec: {
  definition: Prompt;
}): PromptBinding<Arguments> {
  const name = spec.definition.name;
  return {
    name,
    definition: spec.definition,
    get: (client, args, options) => client.getPrompt(name, args, options),
  };
}
