/**
 * What the OAuth core reads from servers and stores is untrusted: protected resource metadata,
 * authorization server metadata, registration and token records, challenge scopes, and the
 * errors oauth4webapi raises about them. Junk never throws anything but an `McpError` of kind
 * `auth`, and a secret in the junk never reaches a message.
 */
import fc from "fast-check";
import {
  AuthorizationResponseError,
  OperationProcessingError,
  ResponseBodyError,
} from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { describeOAuthFailure } from "../../../runtime/auth/auth-failure.js";
import type { AuthTrigger } from "../../../runtime/auth/auth-failure.js";
import { readRegistration } from "../../../runtime/auth/client-identity.js";
import { parseResourceMetadata, resourceMatches } from "../../../runtime/auth/resource-metadata.js";
import { parseServerMetadata } from "../../../runtime/auth/server-metadata.js";
import { chooseScope, readTokenRecord, scopeList } from "../../../runtime/auth/token-record.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { bearerChallenge } from "../../../runtime/http/www-authenticate.js";

const TRIGGER: AuthTrigger = {
  method: "tools/list",
  endpoint: "https://mcp.example/mcp",
  status: 401,
};
const SERVER = new URL("https://mcp.example/mcp");
const SECRET = "sk_live_9f8e7d6c5b4a39281706";

/** JSON objects with the fields the parsers read, filled with anything. */
const junkObject = fc.dictionary(
  fc.constantFrom(
    "resource",
    "authorization_servers",
    "scopes_supported",
    "issuer",
    "authorization_endpoint",
    "token_endpoint",
    "registration_endpoint",
    "code_challenge_methods_supported",
    "token_endpoint_auth_methods_supported",
    "client_id",
    "client_secret",
    "token_endpoint_auth_method",
    "access_token",
    "refresh_token",
    "expires_at",
    "scope",
    "__proto__",
  ),
  fc.oneof(fc.jsonValue(), fc.constant(SECRET), fc.webUrl(), fc.array(fc.webUrl())),
);

function expectAuthError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(isMcpError(error) && error.kind).toBe("auth");
    expect((error as Error).message).not.toContain(SECRET);
  }
}

describe("the OAuth core on untrusted input", () => {
  it("reads protected resource metadata or refuses it with an auth error", () => {
    fc.assert(
      fc.property(fc.option(junkObject, { nil: undefined }), (body) => {
        expectAuthError(() => parseResourceMetadata(body, SERVER, SERVER, TRIGGER));
      }),
    );
  });

  it("accepts only resources of the server's own origin and path", () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (resource) => {
        if (resourceMatches(resource, SERVER)) {
          const url = new URL(resource);
          expect(url.origin).toBe(SERVER.origin);
          expect(`${SERVER.pathname}/`.startsWith(url.pathname.replace(/\/+$/, ""))).toBe(true);
        }
      }),
    );
  });

  it("reads authorization server metadata, never throwing", () => {
    const issuer = new URL("https://as.example/tenant1");
    fc.assert(
      fc.property(fc.option(junkObject, { nil: undefined }), (body) => {
        const result = parseServerMetadata(body, issuer);
        if (typeof result === "object") expect(result.issuer).toBe(issuer.href);
      }),
    );
  });

  it("reads stored records, treating malformed ones as absent", () => {
    fc.assert(
      fc.property(junkObject, (record) => {
        const registration = readRegistration(record);
        if (registration !== undefined) expect(typeof registration.clientId).toBe("string");
        if (registration?.clientSecret === undefined && registration !== undefined) {
          expect(registration.authMethod).toBe("none");
        }
        const tokens = readTokenRecord(record);
        if (tokens !== undefined) expect(tokens.accessToken).not.toBe("");
      }),
    );
  });

  it("takes the scope of any WWW-Authenticate header without throwing", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (junk, scope) => {
        const header = `Bearer scope="${scope.replace(/["\\]/g, "")}", ${junk}`;
        const chosen = chooseScope(bearerChallenge(header)?.scope, undefined, undefined, undefined);
        if (chosen !== undefined) expect(chosen.split(" ")).not.toContain("");
      }),
    );
  });

  it("unites scopes without duplicates or empty entries", () => {
    const scopes = fc.array(fc.stringMatching(/^[\x21\x23-\x5b\x5d-\x7e]{1,8}$/), { maxLength: 5 });
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        scopes,
        scopes,
        fc.option(fc.string()),
        (challenge, resource, server, previous) => {
          const chosen = chooseScope(
            challenge ?? undefined,
            resource,
            server,
            previous ?? undefined,
          );
          if (chosen === undefined) return;
          const list = chosen.split(" ");
          expect(list).not.toContain("");
          expect(new Set(list).size).toBe(list.length);
          for (const scope of scopeList(previous ?? undefined)) expect(list).toContain(scope);
          expect(list.includes("offline_access")).toBe(
            server.includes("offline_access") ||
              scopeList(previous ?? undefined)
                .concat(scopeList(challenge ?? undefined), resource)
                .includes("offline_access"),
          );
        },
      ),
    );
  });

  it("describes any failure as one auth error that quotes no secret it was not meant to", () => {
    const failure = fc.oneof(
      fc.string().map((text) => new Error(text)),
      fc.string().map((text) => new TypeError(text)),
      fc.jsonValue(),
      // A thrown object whose own `toString` is junk (fast-check found this one).
      fc.constant({ toString: "" }),
      fc
        .record({ error: fc.string(), error_description: fc.string() }, { requiredKeys: ["error"] })
        .map(
          (body) =>
            new ResponseBodyError("server responded with an error in the response body", {
              cause: body,
              response: new Response(null, { status: 400 }),
            }),
        ),
      fc.string().map(
        (text) =>
          new AuthorizationResponseError("authorization response from the server is an error", {
            cause: new URLSearchParams({ error: "access_denied", error_description: text }),
          }),
      ),
      fc.string().map((text) => new OperationProcessingError(text)),
    );
    fc.assert(
      fc.property(failure, (error) => {
        const described = describeOAuthFailure(TRIGGER, "the token request", error);
        expect(described.kind).toBe("auth");
        expect(described.cause).toBeUndefined();
        expect(described.message.startsWith("tools/list")).toBe(true);
      }),
    );
  });

  it("never quotes a token response: a token endpoint failure names only the OAuth error", () => {
    const error = new ResponseBodyError("server responded with an error in the response body", {
      cause: { error: "invalid_grant", refresh_token: SECRET },
      response: new Response(null, { status: 400 }),
    });
    const described = describeOAuthFailure(TRIGGER, "the token request", error);
    expect(described.message).toContain("invalid_grant");
    expect(described.message).not.toContain(SECRET);
  });
});
