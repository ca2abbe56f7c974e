/**
 * What an `mcp-codegen.config.*` file may contain, defined once with zod: the TypeScript type
 * (`McpCodegenConfig`, what `defineConfig` accepts), the validation `loadConfig` runs, and the
 * shipped `config.schema.json` editors use for completion and hover help all come from here.
 * Every field has a description because editors show it as help.
 */
import { z } from "zod";
import { CLIENT_NEEDS, MAX_TIMER_DELAY_MS } from "@mcp-codegen/runtime/internal";
import type { ClientNeed } from "@mcp-codegen/runtime";
import { PROTOCOL_CHOICES } from "./protocol-choices.js";

/** Server names become folder names and `create<Name>Client`, so they stay identifier-like. */
export const SERVER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

const IDENTIFIER_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// setTimeout fires at once for anything above 2^31 - 1 ms, so a larger timeout would mean none.
const MAX_TIMEOUT_MS = MAX_TIMER_DELAY_MS;

const INTERPOLATION_HELP =
  "${VAR} is replaced by the environment variable VAR (an unset variable is an error); write $${ for a literal ${.";

// RFC 9110 token: anything else is refused by every HTTP client, so say so before connecting.
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What a process environment can hold: "=" separates name and value, NUL ends the entry.
const ENV_NAME_PATTERN = /^[^=\0]+$/;

/** An env or header value written out with `secret: true`, for values whose name hides them. */
const markedValue = z
  .strictObject({
    value: z.string().describe(`The value. ${"${VAR}"} interpolation applies.`),
    secret: z
      .boolean()
      .optional()
      .describe(
        "true: the value is a secret whatever its name or shape: masked in everything written or printed, and a pull whose server uses it in a name, key, enum or const value stops with exit 4.",
      ),
  })
  .describe('A value with options: { "value": "${MY_VAR}", "secret": true }.');

/** Names to values; a value is a string or `{ value, secret }`. */
const valueMap = (keys: z.ZodString, description: string) =>
  z
    .record(keys, z.union([z.string(), markedValue]))
    .optional()
    .describe(description);

const SECRET_HELP =
  'A value is a secret (never written, masked when printed) when its name says so (e.g. *TOKEN*, *KEY*, *SECRET*, *PASSWORD*, Authorization, Cookie), when it looks like a key, or when written as { "value": "…", "secret": true }; other values are passed as they are.';

const patternList = (description: string) =>
  z
    .array(z.string().min(1, "a pattern must not be empty"))
    .min(1, "an empty list matches nothing; remove the key or list names")
    .optional()
    .describe(description);

/** Fields every server takes, whatever its transport. */
const commonServerFields = {
  out: z
    .string()
    .min(1, "must not be empty; remove it to use the default")
    .optional()
    .describe(
      "Folder for this server's mcp.snapshot.json and generated client, relative to this file. Default: <out>/<server name>.",
    ),
  include: patternList(
    'Generate only the tools, prompts and resource templates whose names match one of these patterns ("*" matches any run of characters). Default: all of them.',
  ),
  exclude: patternList(
    'Leave out the tools, prompts and resource templates whose names match one of these patterns ("*" matches any run of characters). Wins over include.',
  ),
  rename: z
    .record(
      z.string().min(1, "a name to rename must not be empty"),
      z
        .string()
        .regex(
          IDENTIFIER_PATTERN,
          "must be a JavaScript identifier (letters, digits, _ and $, not starting with a digit)",
        ),
    )
    .optional()
    .describe(
      'Identifiers to use instead of the server\'s names: { "server_tool_name": "myName" }, for tools and prompts.',
    ),
  runtime: z
    .enum(["package", "vendored"], { error: 'must be "package" or "vendored"' })
    .optional()
    .describe(
      '"package" (default): generated code imports @mcp-codegen/runtime. "vendored": the runtime is copied into the output folder (its Node build), so generated code needs no runtime package.',
    ),
  agent: z
    .boolean()
    .optional()
    .describe(
      "true: also write agent/ for code mode: SKILL.md (an Agent Skills file), api.d.ts (every tool as a typed function), tools/<tool>.d.ts and search-index.json.",
    ),
  openInputTypes: z
    .boolean()
    .optional()
    .describe(
      "true: tool input types admit any other key ([k: string]: unknown) where the schema says nothing about other keys, as earlier versions did. Default false: only the declared keys, so a misspelt argument is a compile error. Validators follow the schema either way.",
    ),
  importExtension: z
    .enum(["js", "ts"], { error: 'must be "js" or "ts"' })
    .optional()
    .describe(
      '"js" (default): relative imports in generated code end in .js, as TypeScript\'s node16/nodenext and bundlers expect. "ts": they end in .ts, so Deno runs the files without --sloppy-imports (the consuming tsconfig needs allowImportingTsExtensions).',
    ),
  emit: z
    .enum(["ts", "js+dts"], { error: 'must be "ts" or "js+dts"' })
    .optional()
    .describe(
      '"ts" (default): one .ts module per tool, prompt and resource. "js+dts": each module as .js (what runs) and .d.ts (its types and docs), which a consumer\'s tsc reads without checking under skipLibCheck; a project that tsc builds into an outDir needs allowJs, or tsc leaves the .js files out (the generator warns). With importExtension "ts", each .js names its .d.ts for Deno (// @ts-self-types).',
    ),
  timeout: z
    .number()
    .int()
    .positive("must be a positive number of milliseconds")
    .max(MAX_TIMEOUT_MS, `must be at most ${MAX_TIMEOUT_MS} ms`)
    .optional()
    .describe("Per-request timeout in milliseconds while pulling. Default: the runtime's (60000)."),
  protocol: z
    .enum(PROTOCOL_CHOICES)
    .optional()
    .describe(
      'The MCP protocol to speak: "auto" (default) finds the server\'s era (server/discover, else the initialize handshake); a version pins it.',
    ),
  capabilities: z
    .array(
      z.enum(CLIENT_NEEDS as readonly [ClientNeed, ...ClientNeed[]], {
        error: `must be one of ${CLIENT_NEEDS.join(", ")}`,
      }),
    )
    .refine((needs) => new Set(needs).size === needs.length, {
      error: "lists a client capability twice; name each once",
    })
    .optional()
    .describe(
      `The client capabilities pull declares, so the server lists the tools it offers only to clients that have them: any of ${CLIENT_NEEDS.join(", ")}; [] declares none. Default: all of them (requests the server sends during a pull are refused either way).`,
    ),
  watch: z
    .array(z.string().min(1, "a path must not be empty"))
    .min(1, "an empty list watches nothing; remove the key to use the default")
    .optional()
    .describe(
      "Files and folders (with everything in them) whose change makes `pull --watch` pull this server again, relative to this file; no globs. Default: for a stdio server, the first file its command line names and that file's folder; for an HTTP server, none (only a change of this file).",
    ),
};

/** A server mcp-codegen starts and talks to over stdin and stdout. */
export const stdioServerSchema = z
  .strictObject({
    command: z
      .string()
      .min(1, "must not be empty")
      .describe("The executable that starts a stdio server, e.g. node or npx; looked up on PATH."),
    args: z
      .array(z.string())
      .optional()
      .describe(`Arguments passed to command. ${INTERPOLATION_HELP}`),
    env: valueMap(
      z
        .string()
        .regex(
          ENV_NAME_PATTERN,
          "an environment variable name must not be empty or contain = or NUL",
        ),
      `Environment variables added to the inherited environment of the server process. ${SECRET_HELP} ${INTERPOLATION_HELP}`,
    ),
    cwd: z
      .string()
      .min(1, "must not be empty; remove it to use this file's folder")
      .optional()
      .describe(
        "Working directory of the server process, relative to this file. Default: this file's folder.",
      ),
    ...commonServerFields,
  })
  .describe('A stdio server: mcp-codegen runs "command" and speaks MCP over its stdin and stdout.');

const ENV_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const envVariableName = (description: string) =>
  z
    .string()
    .regex(ENV_VARIABLE_NAME, "must be an environment variable name, e.g. MY_CLIENT_ID")
    .optional()
    .describe(description);

/** How to authenticate to an OAuth-protected HTTP server; credentials are named, never written. */
const httpAuthSchema = z
  .strictObject({
    clientCredentials: z
      .strictObject({
        clientIdEnv: envVariableName(
          "The environment variable holding the OAuth client id. Default: MCP_CODEGEN_CLIENT_ID.",
        ),
        clientSecretEnv: envVariableName(
          "The environment variable holding the OAuth client secret (never written in this file). Default: MCP_CODEGEN_CLIENT_SECRET.",
        ),
      })
      .optional()
      .describe(
        "Authenticate without a browser, with the OAuth client credentials grant (for CI): the client id and secret are read from the environment variables named here. {} uses the defaults.",
      ),
    tokenStore: z
      .string()
      .min(1, "must not be empty; remove it to use the default")
      .optional()
      .describe(
        "File for this server's OAuth tokens, relative to this file. Default: $MCP_CODEGEN_TOKEN_STORE, else ~/.config/mcp-codegen/tokens.json (%APPDATA%\\mcp-codegen\\tokens.json on Windows).",
      ),
  })
  .optional()
  .describe(
    "OAuth for a protected server. Without it, mcp-codegen signs in through the browser on a terminal and stores the tokens; an Authorization header or MCP_CODEGEN_BEARER_TOKEN is sent as is instead.",
  );

/** A server reached over Streamable HTTP. */
export const httpServerSchema = z
  .strictObject({
    url: z
      .string()
      .min(1, "must not be empty")
      .describe(`The server's Streamable HTTP endpoint. ${INTERPOLATION_HELP}`),
    headers: valueMap(
      z.string().regex(HEADER_NAME_PATTERN, "is not a valid HTTP header name"),
      `HTTP headers sent with every request, e.g. { "Authorization": "Bearer \${API_TOKEN}" }. ${SECRET_HELP} ${INTERPOLATION_HELP}`,
    ),
    auth: httpAuthSchema,
    ...commonServerFields,
  })
  .describe('A Streamable HTTP server at "url".');

/** A server from the MCP registry: its package or remote, with the values it asks for. */
export const registryServerSchema = z
  .strictObject({
    registry: z
      .string()
      .min(3, "must be a registry name, e.g. io.github.owner/server")
      .regex(/^[^/]+\/[^/]+$/, "must be a registry name with one /, e.g. io.github.owner/server")
      .describe(
        "The server's name in the MCP registry, e.g. io.github.owner/server. mcp-codegen reads its entry, refuses it unless it is active, and runs its npm (npx), pypi (uvx) or oci (docker) package, or connects to its remote.",
      ),
    version: z
      .string()
      .min(1, "must not be empty; remove it to use the latest version")
      .optional()
      .describe("The published version to use. Default: the latest."),
    registryUrl: z
      .string()
      .min(1, "must not be empty; remove it to use the official registry")
      .optional()
      .describe("The registry to read. Default: https://registry.modelcontextprotocol.io."),
    use: z
      .enum(["package", "remote"], { error: 'must be "package" or "remote"' })
      .optional()
      .describe(
        'For an entry with both: "package" (default) runs the package, "remote" connects to the remote.',
      ),
    env: valueMap(
      z.string().min(1, "must not be empty"),
      `Values for what the entry asks: its environment variables, arguments (by name or value hint) and header or URL variables, by name. A secret belongs in the environment: write "\${VAR}". ${SECRET_HELP} ${INTERPOLATION_HELP}`,
    ),
    headers: valueMap(
      z.string().regex(HEADER_NAME_PATTERN, "is not a valid HTTP header name"),
      `Headers for a remote, over the entry's own. ${SECRET_HELP} ${INTERPOLATION_HELP}`,
    ),
    ...commonServerFields,
  })
  .describe('A server of the MCP registry, by "registry" name.');

/** Any transport; `command`, `url` and `registry` are mutually exclusive (each variant is strict). */
export const serverConfigSchema = z.union([
  stdioServerSchema,
  httpServerSchema,
  registryServerSchema,
]);

/** The whole configuration file. */
export const configSchema = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .describe(
        "The JSON Schema this file follows, for editor help, e.g. ./node_modules/mcp-codegen/config.schema.json. Ignored by mcp-codegen.",
      ),
    out: z
      .string()
      .min(1, 'must not be empty; remove it to use the default "mcp"')
      .optional()
      .describe(
        'Root folder for generated clients, relative to this file; each server goes in <out>/<server name> unless it sets its own out. Default: "mcp".',
      ),
    strict: z
      .boolean()
      .optional()
      .describe(
        "true: a generation warning (a schema part typed as unknown, a check the validator leaves out) fails pull, generate and check with exit code 4, and nothing is written, as --strict does. Default: false, warnings are printed and the code is generated.",
      ),
    servers: z
      .record(
        z
          .string()
          .regex(
            SERVER_NAME_PATTERN,
            "a server name must start with a letter and use only letters, digits, _ and -",
          ),
        serverConfigSchema,
      )
      .describe(
        "The MCP servers `mcp-codegen pull` pulls, by name. A name starts with a letter and uses letters, digits, _ and -; it names the output folder and the generated client (create<Name>Client).",
      ),
  })
  .describe("mcp-codegen configuration: the MCP servers to generate typed clients for.")
  .meta({ title: "mcp-codegen configuration" });

/** The configuration as written: what `defineConfig` accepts and a JSON config must satisfy. */
export type McpCodegenConfig = z.input<typeof configSchema>;
/** One entry of `servers`: a stdio or a Streamable HTTP server. */
export type ServerConfig = z.input<typeof serverConfigSchema>;
/** A server started as a child process. */
export type StdioServerConfig = z.input<typeof stdioServerSchema>;
/** A server reached over Streamable HTTP. */
export type HttpServerConfig = z.input<typeof httpServerSchema>;

/** A server of the MCP registry. */
export type RegistryServerConfig = z.input<typeof registryServerSchema>;

/** Keys a server of each kind accepts, for "unknown key" messages that name the right ones. */
export const STDIO_SERVER_KEYS: readonly string[] = Object.keys(stdioServerSchema.shape);
export const HTTP_SERVER_KEYS: readonly string[] = Object.keys(httpServerSchema.shape);
export const REGISTRY_SERVER_KEYS: readonly string[] = Object.keys(registryServerSchema.shape);
export const CONFIG_KEYS: readonly string[] = Object.keys(configSchema.shape);

/**
 * The text of the shipped `config.schema.json`: the JSON Schema (draft-07, which every editor's
 * JSON support understands) of `configSchema`, two-space indented with a final newline. The
 * committed file is this text formatted by prettier; `test/cli/config/schema.test.ts` fails when
 * it is out of date, and `npx vitest run -u test/cli/config/schema.test.ts` rewrites it.
 */
export function renderConfigJsonSchema(): string {
  const schema = z.toJSONSchema(configSchema, { target: "draft-07", io: "input" });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
