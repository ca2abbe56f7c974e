import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../../runtime/errors.js";
import {
  isDpopNonceChallenge,
  parseDpopNonce,
} from "../../../../runtime/auth/extensions/dpop-nonce.js";
import {
  parseOAuthError,
  parseTokenResponse,
  tokenEndpointRefusal,
} from "../../../../runtime/auth/extensions/token-response.js";

const SECRET = "top-secret-value";
const context = {
  tokenEndpoint: "https://as.example/token",
  grantType: "client_credentials",
  secrets: [SECRET],
};

/** JSON-ish bodies: arbitrary JSON, objects near a token response, and arbitrary text. */
const body = fc.oneof(
  fc.string(),
  fc.json(),
  fc
    .record(
      {
        access_token: fc.oneof(fc.string(), fc.constant(SECRET), fc.integer()),
        token_type: fc.oneof(
          fc.constantFrom("Bearer", "DPoP", "N_A"),
          fc.string(),
          fc.constant(null),
        ),
        expires_in: fc.oneof(fc.integer(), fc.string(), fc.double()),
        refresh_token: fc.oneof(fc.string(), fc.constant(SECRET)),
        scope: fc.string(),
        error: fc.oneof(fc.string(), fc.constant(SECRET)),
        error_description: fc.oneof(fc.string(), fc.constant(`echo ${SECRET}`)),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);

const printable = /^[\x20-\x7e]+$/;

describe("parsers of what servers send", () => {
  it("a token response body gives a well-formed token or one auth error that never quotes a secret", () => {
    fc.assert(
      fc.property(body, (text) => {
        try {
          const token = parseTokenResponse(text, context);
          expect(token.accessToken).toMatch(printable);
          expect(token.tokenType).toMatch(printable);
          if (token.expiresIn !== undefined)
            expect(Number.isSafeInteger(token.expiresIn)).toBe(true);
        } catch (error) {
          expect(isMcpError(error) && error.kind).toBe("auth");
          expect((error as Error).message).not.toContain(SECRET);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("an error body gives fields in the RFC 6749 character set, or nothing; its refusal never quotes a secret", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 400, max: 599 }), (text, status) => {
        const parsed = parseOAuthError(text);
        if (parsed !== undefined) {
          expect(parsed.error).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
          if (parsed.errorDescription !== undefined) {
            expect(parsed.errorDescription).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
          }
        }
        const refusal = tokenEndpointRefusal(status, text, context);
        expect(refusal.kind).toBe("auth");
        expect(refusal.data.status).toBe(status);
        expect(refusal.message).not.toContain(SECRET);
      }),
      { numRuns: 500 },
    );
  });

  it("a DPoP-Nonce header gives a valid NQCHAR nonce or nothing, and valid ones come back as sent", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: "binary" }), { nil: undefined }), (header) => {
        const nonce = parseDpopNonce(header);
        if (nonce !== undefined) expect(nonce).toMatch(/^[\x21\x23-\x5b\x5d-\x7e]+$/);
      }),
      { numRuns: 500 },
    );
    const nqchar = fc.constantFrom(
      ..."!#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[]^_`abcxyz{|}~".split(""),
    );
    fc.assert(
      fc.property(fc.string({ unit: nqchar, minLength: 1, maxLength: 200 }), (nonce) => {
        expect(parseDpopNonce(nonce)).toBe(nonce);
      }),
    );
  });

  it("a refused response is a nonce challenge only with use_dpop_nonce, and never throws", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(body, { nil: undefined }),
        (status, wwwAuthenticate, text) => {
          const challenge = isDpopNonceChallenge({ status, wwwAuthenticate, body: text });
          if (challenge) {
            expect(`${wwwAuthenticate ?? ""}${text ?? ""}`).toContain("use_dpop_nonce");
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
