/**
 * Reading what a token endpoint answers (RFC 6749 §5.1 and §5.2, RFC 8693 §2.2). The body is
 * untrusted: anything that is not a well-formed token response becomes one `auth` error that
 * names the endpoint and says what to do, and no error ever quotes the request's secrets.
 */
import { McpError } from "../../errors.js";
import { snippet } from "../../http/http-snippet.js";
import { isJsonObject } from "../../json-object.js";
import { maskUrl } from "../../mask-url.js";

/** A token the authorization server issued. */
export interface TokenResponse {
  readonly accessToken: string;
  /** As the server spelled it (`Bearer`, `DPoP`, `N_A` for an exchanged assertion). */
  readonly tokenType: string;
  /** Seconds the token lives, when the server said. */
  readonly expiresIn?: number;
  readonly refreshToken?: string;
  /** The granted scopes (space-separated), when the server said. */
  readonly scope?: string;
  /** RFC 8693: the type of an exchanged token (`urn:ietf:params:oauth:token-type:id-jag`, …). */
  readonly issuedTokenType?: string;
}

/** What a message needs to name the request that failed. */
export interface TokenRequestContext {
  readonly tokenEndpoint: string;
  /** The `grant_type`. */
  readonly grantType: string;
  /** Texts that must never appear in a message: the client secret, assertions, tokens. */
  readonly secrets: readonly string[];
}

/** An OAuth error response's fields, when the body is one. */
export interface OAuthErrorBody {
  readonly error: string;
  readonly errorDescription?: string;
}

// RFC 6749 §5.2: error and error_description are %x20-21 / %x23-5B / %x5D-7E.
const ERROR_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/;
// Token strings are printable ASCII (RFC 6749 appendix A: VSCHAR); anything else is junk.
const VSCHAR = /^[\x20-\x7e]+$/;

/** The `error` and `error_description` of a JSON error body, or undefined when it is not one. */
export function parseOAuthError(text: string): OAuthErrorBody | undefined {
  const body = parseJson(text);
  if (!isJsonObject(body)) return undefined;
  const { error, error_description: description } = body;
  if (typeof error !== "string" || !ERROR_TEXT.test(error)) return undefined;
  return typeof description === "string" && ERROR_TEXT.test(description)
    ? { error, errorDescription: description }
    : { error };
}

/**
 * The token in a 2xx body, or an `auth` error saying why the body is not a token response.
 * `expires_in` may be a number or a numeric string (some servers quote it).
 */
export function parseTokenResponse(
  text: string,
  context: TokenRequestContext,
  status = 200,
): TokenResponse {
  const body = parseJson(text);
  const junk = (what: string) =>
    tokenError(
      context,
      status,
      `answered with ${what}, not a token response; check that ${maskUrl(context.tokenEndpoint)} is the authorization server's token endpoint`,
    );
  if (!isJsonObject(body)) throw junk("a body that is not a JSON object");
  const { access_token: accessToken, token_type: tokenType } = body;
  if (typeof accessToken !== "string" || !VSCHAR.test(accessToken)) {
    throw junk("no usable access_token");
  }
  if (typeof tokenType !== "string" || !ERROR_TEXT.test(tokenType)) {
    throw junk("no token_type");
  }
  const response: { -readonly [K in keyof TokenResponse]: TokenResponse[K] } = {
    accessToken,
    tokenType,
  };
  const expiresIn = seconds(body.expires_in);
  if (expiresIn === null) throw junk("an expires_in that is not a number of seconds");
  if (expiresIn !== undefined) response.expiresIn = expiresIn;
  const refreshToken = optionalText(body.refresh_token, VSCHAR);
  const scope = optionalText(body.scope, ERROR_TEXT);
  const issuedTokenType = optionalText(body.issued_token_type, ERROR_TEXT);
  if (refreshToken === null) throw junk("a refresh_token that is not a string");
  if (scope === null) throw junk("a scope that is not a string");
  if (issuedTokenType === null) throw junk("an issued_token_type that is not a string");
  if (refreshToken !== undefined) response.refreshToken = refreshToken;
  if (scope !== undefined) response.scope = scope;
  if (issuedTokenType !== undefined) response.issuedTokenType = issuedTokenType;
  return response;
}

/** What to do about each RFC 6749 §5.2 error (and RFC 9449's) at a token endpoint. */
const ADVICE: Readonly<Record<string, string>> = {
  invalid_client:
    "check the client id and its secret or key, and the token endpoint authentication method",
  invalid_grant: "the grant or assertion was rejected or has expired: obtain a fresh one",
  invalid_scope: "request only scopes the authorization server allows this client",
  unauthorized_client: "ask the authorization server's administrator to allow this grant type",
  unsupported_grant_type: "this authorization server does not support the grant: use another",
  invalid_request: "the authorization server rejected the request's parameters",
  invalid_dpop_proof: "the authorization server rejected the DPoP proof",
  use_dpop_nonce: "the authorization server kept asking for a new DPoP nonce",
};

/** The `auth` error for a non-2xx token endpoint answer. */
export function tokenEndpointRefusal(
  status: number,
  text: string,
  context: TokenRequestContext,
): McpError<"auth"> {
  const body = parseOAuthError(text);
  if (body === undefined) {
    return tokenError(
      context,
      status,
      `answered HTTP ${status} without an OAuth error; check the token endpoint and try again later`,
    );
  }
  const description =
    body.errorDescription === undefined
      ? ""
      : ` (${redact(snippet(body.errorDescription), context.secrets)})`;
  const advice = ADVICE[body.error] ?? "see the authorization server's documentation";
  const error = tokenError(
    context,
    status,
    `refused it: ${redact(body.error, context.secrets)}${description}; ${advice}`,
  );
  (error.data as { error?: string }).error = body.error;
  return error;
}

/** The one error shape of this module: kind `auth`, the endpoint masked, secrets never shown. */
export function tokenError(
  context: TokenRequestContext,
  status: number,
  detail: string,
  cause?: unknown,
): McpError<"auth"> {
  return new McpError({
    kind: "auth",
    target: maskUrl(context.tokenEndpoint),
    message: redact(
      `${context.grantType} token request to ${maskUrl(context.tokenEndpoint)}: ${detail}`,
      context.secrets,
    ),
    data: { status },
    ...(cause === undefined ? {} : { cause }),
  });
}

/** `text` with every occurrence of a secret replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret !== "") out = out.split(secret).join("***");
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Undefined when absent, null when present but not a non-negative whole number of seconds. */
function seconds(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Undefined when absent, null when present but not matching `shape`. */
function optionalText(value: unknown, shape: RegExp): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" && shape.test(value) ? value : null;
}
