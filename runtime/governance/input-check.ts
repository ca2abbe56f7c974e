/**
 * How a generated tool call hands its input validator to the client: under a registry symbol in
 * the call's options, so the client runs it at its place in the pipeline (after the pre-hooks,
 * which may rewrite the arguments, and before the policy), not before the hooks have run. Its own
 * small module so generated code does not import the pipeline.
 */

/** Symbol of the validator in a call's options; a registry symbol, so runtime copies agree. */
export const INPUT_CHECK: unique symbol = Symbol.for("mcp-codegen.inputCheck");

/** Throws an `McpError` of kind `input` when `args` fail the tool's input schema. */
export type InputCheck = (args: Record<string, unknown>) => void;

/** Options that may carry a generated call's validator. */
export interface WithInputCheck {
  [INPUT_CHECK]?: InputCheck | undefined;
}
