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
