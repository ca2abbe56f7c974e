/**
 * DPoP nonces (RFC 9449 §8, §9): a server may demand that proofs carry a value it chose, sent in
 * the `DPoP-Nonce` response header, and refuse a proof without it with `use_dpop_nonce`. The
 * client keeps the latest nonce per server (per origin: the authorization server and the MCP
 * server each choose their own) and retries a refused request once with it.
 */
import { parseWwwAuthenticate } from "../../http/www-authenticate.js";
import { parseOAuthError } from "./token-response.js";

/** The latest nonce of each server. */
export interface DpopNonces {
  /** The nonce to put in a proof for a request to `url`, if its server gave one. */
  get(url: string): string | undefined;
  /**
   * Keeps the `DPoP-Nonce` header of a response from `url` (every response may carry one, error
   * or not). A missing or malformed value leaves the kept nonce as it was.
   */
  remember(url: string, header: string | null | undefined): void;
}

// RFC 9449 §8.1: nonce = 1*NQCHAR, NQCHAR = %x21 / %x23-5B / %x5D-7E.
const NONCE = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
// A nonce is an opaque short value; a longer one is a server misbehaving, not worth a header.
const NONCE_LIMIT = 1024;

/** The nonce in a `DPoP-Nonce` header value, or undefined when it is not a valid one. */
export function parseDpopNonce(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  return value.length <= NONCE_LIMIT && NONCE.test(value) ? value : undefined;
}

export function dpopNonceCache(): DpopNonces {
  const byOrigin = new Map<string, string>();
  return {
    get: (url) => byOrigin.get(new URL(url).origin),
    remember: (url, header) => {
      const nonce = parseDpopNonce(header);
      if (nonce !== undefined) byOrigin.set(new URL(url).origin, nonce);
    },
  };
}

/** The parts of a refused response that say whether it asks for a nonce. */
export interface DpopRefusal {
  readonly status: number;
  /** The `WWW-Authenticate` header (a resource server's 401). */
  readonly wwwAuthenticate?: string | null | undefined;
  /** The body text (a token endpoint's 400 is a JSON OAuth error). */
  readonly body?: string | undefined;
}

/**
 * True when the response refuses a proof for lacking the server's nonce: a token endpoint's 400
 * with `"error": "use_dpop_nonce"`, or a resource server's 401 whose `DPoP` challenge has
 * `error="use_dpop_nonce"`. The caller remembers the response's nonce and retries once.
 */
export function isDpopNonceChallenge(response: DpopRefusal): boolean {
  if (response.status === 400 && response.body !== undefined) {
    return parseOAuthError(response.body)?.error === "use_dpop_nonce";
  }
  if (response.status === 401 && typeof response.wwwAuthenticate === "string") {
    return parseWwwAuthenticate(response.wwwAuthenticate).some(
      (challenge) =>
        challenge.scheme.toLowerCase() === "dpop" && challenge.params.error === "use_dpop_nonce",
    );
  }
  return false;
}
