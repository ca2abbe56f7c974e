/**
 * `mcp-codegen/runtime`: the runtime package `@mcp-codegen/runtime`, re-exported under its first
 * name so code written against it keeps working. Applications should depend on
 * `@mcp-codegen/runtime` itself: `mcp-codegen` is a dev-time package with the generator's
 * dependencies, and a production install (`--omit=dev`) leaves it out.
 */
export * from "@mcp-codegen/runtime";
