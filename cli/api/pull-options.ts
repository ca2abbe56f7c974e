/**
 * `pull()`'s options checked before anything connects, with the limits the config schema sets
 * for the same fields (cli/config/schema.ts): a build script has no schema in its editor to
 * catch a timeout of -1 or a rename to `1x`, and the runtime would report them as a failure to
 * connect.
 */
import type { AuthorizationRedirect, ClientNeed } from "@mcp-codegen/runtime";
import { CLIENT_NEEDS, MAX_TIMER_DELAY_MS } from "@mcp-codegen/runtime/internal";
import type { ProtocolChoice } from "../config/index.js";
import { PROTOCOL_CHOICES } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { WarningHandler } from "./warnings.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function usage(message: string): CliError {
  return new CliError(`pull: ${message}`, ExitCode.Usage);
}

/** How `pull()` authenticates to an HTTP server; see `pull()` for the order they are tried in. */
export interface PullAuthOptions {
  /** Sent as `Authorization: Bearer <token>` as is, without OAuth. */
  bearerToken?: string | undefined;
  /**
   * OAuth without a user (the client credentials grant): the id and secret, or `true` to read
   * them from `MCP_CODEGEN_CLIENT_ID` and `MCP_CODEGEN_CLIENT_SECRET` in `env`.
   */
  clientCredentials?: { clientId: string; clientSecret: string } | true | undefined;
  /**
   * OAuth with a user: where to send them to sign in, e.g. `loopbackRedirect()` from
   * `@mcp-codegen/runtime/node/auth`. Without it, a pull that needs a sign-in fails.
   */
  redirect?: AuthorizationRedirect | undefined;
  /** The OAuth token file (default: `$MCP_CODEGEN_TOKEN_STORE`, else the command's default). */
  tokenStore?: string | undefined;
  /** Ignore stored tokens and sign in again (needs `redirect` or `clientCredentials`). */
  reauthorize?: boolean | undefined;
  /**
   * Where `MCP_CODEGEN_BEARER_TOKEN`, `MCP_CODEGEN_TOKEN_STORE` and, with
   * `clientCredentials: true`, the client id and secret are read (default: `process.env`).
   */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** Options of `pull()`; every one is optional. */
export interface PullOptions {
  /** The client name, as in `create<Name>Client` (default: the server's own name). */
  name?: string | undefined;
  /** How messages and warnings name the server (default: its command line, or URL without secrets). */
  label?: string | undefined;
  /** Keep only tools, prompts and resources whose names match one of these `*` patterns. */
  include?: readonly string[] | undefined;
  /** Leave out those whose names match one of these patterns. */
  exclude?: readonly string[] | undefined;
  /** Generated names for tools, prompts and resources, by their server names. */
  rename?: Readonly<Record<string, string>> | undefined;
  /** Recorded in the snapshot: import the runtime package (default) or vendor it. */
  runtime?: "package" | "vendored" | undefined;
  /** Recorded in the snapshot: tool input types take undeclared keys where schemas allow it. */
  openInputTypes?: boolean | undefined;
  /** Recorded in the snapshot: relative imports end in `.js` (default) or `.ts` (for Deno). */
  importExtension?: "js" | "ts" | undefined;
  /** Recorded in the snapshot: `.ts` modules (default), or `.js` with a `.d.ts` beside each. */
  emit?: "ts" | "js+dts" | undefined;
  /** Recorded in the snapshot: also write the agent pack for code mode under `agent/`. */
  agent?: boolean | undefined;
  /** Per-request timeout in milliseconds. */
  timeout?: number | undefined;
  /** `"auto"` (default) or a pinned protocol version. */
  protocol?: ProtocolChoice | undefined;
  /**
   * The client capabilities to declare while pulling, as `--capabilities` takes them (default:
   * every one the runtime can answer, so tools offered only to such clients are pulled too);
   * `[]` declares none. Recorded in the snapshot as `clientCapabilities`.
   */
  capabilities?: readonly ClientNeed[] | undefined;
  /** Throw instead of warning when an entry of the contract is left out or replaced. */
  strict?: boolean | undefined;
  auth?: PullAuthOptions | undefined;
  /** Each warning, as the command would print it after `warning: `; without it they are dropped. */
  onWarning?: WarningHandler | undefined;
}

/** @throws CliError (exit code 2) naming the first option that is wrong. */
export function checkPullOptions(options: PullOptions): void {
  const { timeout, protocol, runtime } = options;
  if (
    timeout !== undefined &&
    (!Number.isSafeInteger(timeout) || timeout <= 0 || timeout > MAX_TIMER_DELAY_MS)
  ) {
    throw usage(
      `options.timeout must be a positive whole number of milliseconds, at most ${MAX_TIMER_DELAY_MS}`,
    );
  }
  if (protocol !== undefined && !(PROTOCOL_CHOICES as readonly string[]).includes(protocol)) {
    throw usage(`options.protocol must be one of ${PROTOCOL_CHOICES.join(", ")}`);
  }
  if (runtime !== undefined && runtime !== "package" && runtime !== "vendored") {
    throw usage('options.runtime must be "package" or "vendored"');
  }
  checkCapabilities(options.capabilities);
  for (const key of ["include", "exclude"] as const) {
    const list = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) {
      throw usage(`options.${key} must list name patterns; an empty list matches nothing`);
    }
    if (list.some((pattern) => typeof pattern !== "string" || pattern === "")) {
      throw usage(`options.${key} has a pattern that is not a non-empty string`);
    }
  }
  for (const [name, to] of Object.entries(options.rename ?? {})) {
    if (name === "") throw usage("options.rename has an empty name to rename");
    if (typeof to !== "string" || !IDENTIFIER.test(to)) {
      throw usage(
        `options.rename.${name} must be a JavaScript identifier (letters, digits, _ and $, not starting with a digit)`,
      );
    }
  }
}

function checkCapabilities(capabilities: unknown): void {
  if (capabilities === undefined) return;
  if (!Array.isArray(capabilities)) {
    throw usage("options.capabilities must be a list, [] for none");
  }
  const unknown = capabilities.find((need) => !(CLIENT_NEEDS as readonly unknown[]).includes(need));
  if (unknown !== undefined) {
    throw usage(
      `options.capabilities has ${String(unknown)}, which is not a client capability pull can declare: ${CLIENT_NEEDS.join(", ")}`,
    );
  }
  const twice = capabilities.find((need, index) => capabilities.indexOf(need) !== index);
  if (twice !== undefined) throw usage(`options.capabilities lists ${String(twice)} twice`);
}
