/**
 * Which of the server's tools this client offers (`ConnectOptions.tools`): hidden tools vanish
 * from `listTools()`, and calling one fails with kind `not_found` before anything is sent, so a
 * model that guesses a hidden name gets no further than one that never saw it.
 */
import { McpError, describeContext } from "../protocol/index.js";
import type { Tool } from "../protocol/index.js";
import { namePatternMatcher, type NamePattern, type NameMatcher } from "./name-pattern.js";

/**
 * The tools a client offers: by name (`include`/`exclude` as the CLI config writes them: exact
 * names, `*` globs, and RegExps run on a linear-time engine; a name is kept when it matches an
 * `include` pattern, or there is none, and no `exclude` pattern), or by a predicate over the
 * tool's definition.
 */
export type ToolSelection =
  | { include?: readonly NamePattern[]; exclude?: readonly NamePattern[] }
  | ((tool: Tool) => boolean);

export type { NotFoundErrorData } from "../protocol/index.js";

/** A compiled selection. */
export interface CompiledSelection {
  /** Whether the call of `name` needs its definition to be judged (a predicate selection). */
  readonly needsDefinition: boolean;
  /** Whether the tool is offered; `definition` is undefined when the server did not list it. */
  offers(name: string, definition: Tool | undefined): boolean;
}

/**
 * Compiles a selection once, at `connect()`.
 * @throws McpError of kind `input` for a pattern that is not a name, glob or supported RegExp.
 */
export async function compileSelection(selection: ToolSelection): Promise<CompiledSelection> {
  if (typeof selection === "function") {
    return {
      needsDefinition: true,
      // A tool the server does not list cannot be shown to the predicate, so it is not offered.
      offers: (_name, definition) => definition !== undefined && selection(definition),
    };
  }
  const include: NameMatcher | undefined =
    selection.include === undefined
      ? undefined
      : await namePatternMatcher(selection.include, "tools.include");
  const exclude = await namePatternMatcher(selection.exclude ?? [], "tools.exclude");
  return {
    needsDefinition: false,
    offers: (name) => (include === undefined || include(name)) && !exclude(name),
  };
}

/** The error for a call of a tool the selection hides. */
export function hiddenToolError(name: string): McpError<"not_found"> {
  const context = { method: "tools/call", target: name };
  return new McpError({
    ...context,
    kind: "not_found",
    data: { tool: name },
    message: `${describeContext(context)}this client does not offer the tool (ConnectOptions.tools hides it, or the server does not list it for a predicate to judge); nothing was sent. Change the tools selection to call it`,
  });
}
