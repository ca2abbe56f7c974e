/**
 * Where each editor keeps the MCP servers a user configured, on this platform: the file
 * `init --import claude|cursor|vscode|windsurf|codex` reads when no file is given.
 */
import { join, win32, posix } from "node:path";

/** The editors `init --import` knows by name. */
export const EDITORS = ["claude", "cursor", "vscode", "windsurf", "codex"] as const;
export type Editor = (typeof EDITORS)[number];

/** What the path of an editor's config depends on. */
export interface PathContext {
  platform: NodeJS.Platform;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The editor's MCP config file for the user, on `platform`: Claude Desktop's per-platform
 * application-data folder, Cursor's and Windsurf's folders in the home folder, VS Code's user
 * `mcp.json`, Codex's `config.toml` under `$CODEX_HOME` (default `~/.codex`).
 */
export function editorConfigPath(editor: Editor, context: PathContext): string {
  const { platform, home, env } = context;
  const path = platform === "win32" ? win32 : posix;
  const appData = env.APPDATA ?? path.join(home, "AppData", "Roaming");
  // Where each platform keeps an application's settings.
  const settings =
    platform === "win32"
      ? appData
      : platform === "darwin"
        ? path.join(home, "Library", "Application Support")
        : (env.XDG_CONFIG_HOME ?? path.join(home, ".config"));
  switch (editor) {
    case "claude":
      return path.join(settings, "Claude", "claude_desktop_config.json");
    case "cursor":
      return path.join(home, ".cursor", "mcp.json");
    case "vscode":
      return path.join(settings, "Code", "User", "mcp.json");
    case "windsurf":
      return path.join(home, ".codeium", "windsurf", "mcp_config.json");
    case "codex":
      return path.join(env.CODEX_HOME ?? path.join(home, ".codex"), "config.toml");
  }
}

/** A project's own file for the editor, read before the user's when present. */
export function projectConfigPath(editor: Editor, cwd: string): string | undefined {
  if (editor === "vscode") return join(cwd, ".vscode", "mcp.json");
  if (editor === "cursor") return join(cwd, ".cursor", "mcp.json");
  return undefined;
}
