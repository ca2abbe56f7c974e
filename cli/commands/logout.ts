/**
 * `mcp-codegen logout`: forgets the OAuth tokens stored for a server (`--url`), or for every HTTP
 * server of the config, so the next pull signs in again. Client registrations are kept: they hold
 * no access, and reusing one spares the authorization server a new client per sign-in.
 */
import { resolve } from "node:path";
import { defaultTokenStorePath } from "@mcp-codegen/runtime/node/auth";
import { maskUrl } from "@mcp-codegen/runtime/internal";
import { storedTokensKey } from "../auth/index.js";
import { tokenStoreAt } from "../auth/index.js";
import { loadConfig } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { CommandContext } from "./context.js";

export interface LogoutFlags {
  url?: string | undefined;
  config?: string | undefined;
  tokenStore?: string | undefined;
}

interface Signed {
  label: string;
  url: URL;
  tokenStore: string;
}

export async function runLogout(flags: LogoutFlags, context: CommandContext): Promise<void> {
  const reporter = context.reporter([]);
  const fallback =
    flags.tokenStore === undefined
      ? defaultTokenStorePath(context.auth.env)
      : resolve(context.cwd, flags.tokenStore);
  for (const server of await serversToForget(flags, context, fallback)) {
    // Masking: the record read to tell whether anything was stored holds the tokens.
    const store = tokenStoreAt(server.tokenStore, context.auth);
    const key = storedTokensKey(server.url);
    if ((await store.get(key)) === undefined) {
      reporter.info(`${server.label}: no tokens stored in ${server.tokenStore}`);
      continue;
    }
    await store.delete(key);
    reporter.info(`${server.label}: tokens forgotten; the next pull signs in again`);
  }
}

async function serversToForget(
  flags: LogoutFlags,
  context: CommandContext,
  fallback: string,
): Promise<Signed[]> {
  if (flags.url !== undefined) {
    let url: URL;
    try {
      url = new URL(flags.url);
    } catch {
      throw new CliError(
        "--url is not a valid URL; expected e.g. https://example.com/mcp",
        ExitCode.Usage,
      );
    }
    return [{ label: maskUrl(url), url, tokenStore: fallback }];
  }
  const config = await loadConfig({
    cwd: context.cwd,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
  });
  context.reporter(config.secrets);
  const servers: Signed[] = [];
  for (const server of config.servers) {
    if (!("url" in server.target)) continue;
    const tokenStore =
      flags.tokenStore === undefined ? (server.target.auth?.tokenStore ?? fallback) : fallback;
    servers.push({ label: server.name, url: new URL(server.target.url), tokenStore });
  }
  if (servers.length === 0) {
    throw new CliError(
      "the config has no HTTP server to log out of; name one with --url",
      ExitCode.Usage,
    );
  }
  return servers;
}
