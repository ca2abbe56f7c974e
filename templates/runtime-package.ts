/**
 * The run-time package generated code imports (unless the runtime is vendored): a dependency of
 * the application, where the `mcp-codegen` package (CLI and generator) is a dev dependency.
 */
export const RUNTIME_PACKAGE = "@mcp-codegen/runtime";
