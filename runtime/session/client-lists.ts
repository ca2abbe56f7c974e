/** The list methods of a client: which methods, the key holding their items, their options. */
import type { ListAllOptions } from "./pagination.js";
import type { RequestOptions } from "../protocol/index.js";
import type { Prompt, Resource, ResourceTemplate, Tool } from "../protocol/index.js";

/** The list methods with the result key that holds their items. */
export const LIST_METHODS = {
  "tools/list": "tools",
  "prompts/list": "prompts",
  "resources/list": "resources",
  "resources/templates/list": "resourceTemplates",
} as const;

export type ListMethod = keyof typeof LIST_METHODS;

/** The item type of each list. */
export interface ListItems {
  "tools/list": Tool;
  "prompts/list": Prompt;
  "resources/list": Resource;
  "resources/templates/list": ResourceTemplate;
}

export interface ListOptions extends RequestOptions, ListAllOptions {}

export interface PageOptions extends RequestOptions {
  /** The opaque cursor from the previous page's `nextCursor`; omit for the first page. */
  cursor?: string;
}
