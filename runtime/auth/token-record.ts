/**
 * The tokens kept for one MCP server (its resource identifier), as a `TokenStore` record: who
 * issued them, the access token, when it expires, the refresh token and the scope asked for.
 * Records read back are untrusted (a file edited by hand): a malformed one counts as absent.
 */
import type { JsonObject } from "../protocol/index.js";

// An access token this close to its expiry is refreshed before use, not sent to fail; a
// short-lived one keeps at least half its life, so it is not refreshed on every request.
const EXPIRY_MARGIN_MS = 30_000;

export interface TokenRecord {
  /** The authorization server that issued the tokens: they are never sent on behalf of another. */
  issuer: string;
  accessToken: string;
  /** `DPoP` for a token bound to the session's DPoP keys; absent for a bearer token. */
  tokenType?: "DPoP";
  /** When to refresh, epoch milliseconds (the expiry less a margin); absent without `expires_in`. */
  expiresAt?: number;
  refreshToken?: string;
  /** The scope requested (space-separated), the base of a step-up. */
  scope?: string;
}

/** The store key of the tokens for `resource`. */
export function tokenKey(resource: string): string {
  return `oauth-tokens ${resource}`;
}

/** When a token that lives `expiresIn` seconds from `now` should be refreshed. */
export function refreshAt(now: number, expiresIn: number): number {
  const lifetime = Math.max(0, expiresIn) * 1000;
  return now + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2);
}

/** True when the access token should be refreshed before it is sent. */
export function isExpired(record: TokenRecord, now: number): boolean {
  return record.expiresAt !== undefined && record.expiresAt <= now;
}

export function readTokenRecord(value: JsonObject | undefined): TokenRecord | undefined {
  if (value === undefined) return undefined;
  const { issuer, access_token: accessToken, expires_at: expiresAt } = value;
  if (typeof issuer !== "string" || typeof accessToken !== "string" || accessToken === "") {
    return undefined;
  }
  const record: TokenRecord = { issuer, accessToken };
  if (value.token_type === "DPoP") record.tokenType = "DPoP";
  if (typeof expiresAt === "number" && Number.isFinite(expiresAt)) record.expiresAt = expiresAt;
  if (typeof value.refresh_token === "string" && value.refresh_token !== "") {
    record.refreshToken = value.refresh_token;
  }
  if (typeof value.scope === "string") record.scope = value.scope;
  return record;
}

export function writeTokenRecord(record: TokenRecord): JsonObject {
  const value: JsonObject = { issuer: record.issuer, access_token: record.accessToken };
  if (record.tokenType !== undefined) value.token_type = record.tokenType;
  if (record.expiresAt !== undefined) value.expires_at = record.expiresAt;
  if (record.refreshToken !== undefined) value.refresh_token = record.refreshToken;
  if (record.scope !== undefined) value.scope = record.scope;
  return value;
}

/** The scopes of a space-separated list, without duplicates or empty entries. */
export function scopeList(scope: string | undefined): string[] {
  return [...new Set((scope ?? "").split(/[ \t]+/).filter((item) => item !== ""))];
}

/**
 * The scope to request: the challenge's, else everything the resource lists, else none; with
 * `offline_access` added when the authorization server lists it (a refresh token then lets the
 * runtime renew without the user), and `previous` united in for a step-up.
 */
export function chooseScope(
  challenge: string | undefined,
  resourceScopes: readonly string[] | undefined,
  serverScopes: readonly string[] | undefined,
  previous: string | undefined,
): string | undefined {
  const base =
    challenge !== undefined && scopeList(challenge).length > 0
      ? scopeList(challenge)
      : [...(resourceScopes ?? [])];
  const scopes = new Set([...scopeList(previous), ...base]);
  if (scopes.size > 0 && serverScopes?.includes("offline_access") === true)
    scopes.add("offline_access");
  return scopes.size === 0 ? undefined : [...scopes].join(" ");
}
