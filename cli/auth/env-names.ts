/**
 * The environment variables the CLI reads credentials from. Never flags: `ps` shows every
 * process's command line to every user of the machine.
 */

/** A token sent as `Authorization: Bearer …` as is, without OAuth. */
export const BEARER_TOKEN_ENV = "MCP_CODEGEN_BEARER_TOKEN";
/** The OAuth client id for `--client-credentials` (a config can name another variable). */
export const CLIENT_ID_ENV = "MCP_CODEGEN_CLIENT_ID";
/** The OAuth client secret for `--client-credentials` (a config can name another variable). */
export const CLIENT_SECRET_ENV = "MCP_CODEGEN_CLIENT_SECRET";

/**
 * True for a variable holding one of the CLI's own credentials: `MCP_CODEGEN_BEARER_TOKEN`,
 * `MCP_CODEGEN_CLIENT_ID`, `MCP_CODEGEN_CLIENT_SECRET`, and their per-server forms
 * (`MCP_CODEGEN_<SERVER>_BEARER_TOKEN`, …). A stdio server and the browser opener do not inherit
 * them: they are for the HTTP servers the CLI signs in to. Any case, as Windows compares names.
 */
export function isCliCredentialEnv(name: string): boolean {
  return /^MCP_CODEGEN_(?:\w+_)?(?:BEARER_TOKEN|CLIENT_ID|CLIENT_SECRET)$/i.test(name);
}

/**
 * The variable that moves the OAuth token file. The runtime's Node entry reads it
 * (`TOKEN_STORE_ENV` there; a test checks the two agree); named here too so the command line's
 * help does not load the token store.
 */
export const TOKEN_STORE_ENV = "MCP_CODEGEN_TOKEN_STORE";

/** The token store's location, for help text. */
export const TOKEN_STORE_HELP = `file for OAuth tokens (default: $${TOKEN_STORE_ENV}, else ~/.config/mcp-codegen/tokens.json; %APPDATA%\\mcp-codegen\\tokens.json on Windows)`;
