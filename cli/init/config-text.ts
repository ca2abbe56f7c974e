/**
 * The text of the config file `init` writes: `mcp-codegen.config.ts` with `defineConfig` from the
 * package, or `mcp-codegen.config.json` pointing editors at the shipped schema. Formatted with
 * prettier's defaults, as a person's own config would be.
 */
import type { McpCodegenConfig } from "../config/index.js";

export type ConfigKind = "ts" | "json";

export const CONFIG_FILE: Readonly<Record<ConfigKind, string>> = {
  ts: "mcp-codegen.config.ts",
  json: "mcp-codegen.config.json",
};

/** Where editors find the schema once mcp-codegen is installed in the project. */
const SCHEMA_PATH = "./node_modules/mcp-codegen/config.schema.json";

/** The file's text for `config`. */
export async function configText(kind: ConfigKind, config: McpCodegenConfig): Promise<string> {
  const prettier = await import("prettier");
  if (kind === "json") {
    // Indented first: prettier keeps an object open over lines when its text is, as config files
    // usually are, and puts short arrays on one line.
    const text = JSON.stringify({ $schema: SCHEMA_PATH, ...config }, null, 2);
    return prettier.format(text, { parser: "json" });
  }
  // JSON is a TypeScript expression; prettier then unquotes the keys that need no quotes.
  const text = `import { defineConfig } from "mcp-codegen";\n\nexport default defineConfig(${JSON.stringify(config)});\n`;
  return prettier.format(text, { parser: "typescript" });
}
