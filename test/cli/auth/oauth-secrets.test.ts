import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskingTokenStore, oauthRecordSecrets } from "../../../cli/auth/oauth-secrets.js";
import { createSecretMasker } from "../../../cli/secrets/mask-text.js";
import { createReporter } from "../../../cli/terminal/reporter.js";
import { memoryTokenStore } from "../../../runtime/auth/token-store.js";
import { fileTokenStore } from "../../../runtime/node/file-token-store.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("oauthRecordSecrets", () => {
  it("takes the secrets of a token response and of a client registration, in every form", () => {
    const secrets = oauthRecordSecrets({
      access_token: "at/with+chars=",
      token_type: "Bearer",
      expires_in: 3600,
      scope: "read write",
      refresh_token: "rt-1234",
      client: {
        client_id: "my app",
        client_secret: "cs:é",
        token_endpoint_auth_method: "client_secret_basic",
        token_endpoint: "https://as.example/token",
      },
    });
    expect(new Set(secrets)).toEqual(
      new Set([
        "at/with+chars=",
        "at%2Fwith%2Bchars%3D",
        "rt-1234",
        "cs:é",
        "cs%3A%C3%A9",
        b64("my+app:cs%3A%C3%A9"),
        b64("my app:cs:é"),
      ]),
    );
  });

  it("takes the private members of a JWK, and not its public ones", () => {
    const secrets = oauthRecordSecrets({
      dpopKey: { kty: "EC", crv: "P-256", x: "public-x", y: "public-y", d: "private-d" },
      keys: [{ kty: "oct", k: "symmetric-k" }],
      // Not a JWK: a field named "d" means nothing.
      other: { d: "plain" },
    });
    expect(secrets.sort()).toEqual(["private-d", "symmetric-k"]);
  });

  it("finds camelCase names too, and ignores non-string values", () => {
    expect(oauthRecordSecrets({ accessToken: "abcd", idToken: 5, codeVerifier: ["x"] })).toEqual([
      "abcd",
    ]);
  });
});

describe("maskingTokenStore", () => {
  it("teaches the masker every token written, before the write", async () => {
    const masker = createSecretMasker();
    const store = maskingTokenStore(memoryTokenStore(), masker);
    await store.set("as", { access_token: "token-one", token_type: "Bearer" });
    expect(masker.mask("Authorization: Bearer token-one")).toBe("Authorization: Bearer ***");
    expect(await store.get("as")).toEqual({ access_token: "token-one", token_type: "Bearer" });
    await store.delete("as");
    expect(await store.get("as")).toBeUndefined();
  });

  it("teaches the masker every token read from a store written in an earlier run", async () => {
    const folder = await mkdtemp(join(tmpdir(), "masking-store-"));
    try {
      const file = join(folder, "tokens.json");
      await fileTokenStore(file).set("as", { refresh_token: "refresh-from-yesterday" });
      const masker = createSecretMasker();
      const lines: string[] = [];
      const reporter = createReporter({
        masker,
        interactive: false,
        stderr: { write: (text: string) => lines.push(text) },
      });
      const store = maskingTokenStore(fileTokenStore(file), masker);
      reporter.error("before: refresh-from-yesterday");
      await store.get("as");
      // The reporter was made before the token was known, and masks it all the same.
      reporter.error("after: refresh-from-yesterday");
      expect(lines).toEqual(["error: before: refresh-from-yesterday\n", "error: after: ***\n"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("never lets a stored secret through, wherever and however text quotes it", async () => {
    const tokenChar = fc.constantFrom(..."ABCxyz0189-._~+/=: ");
    const secret = fc
      .string({ unit: tokenChar, minLength: 8, maxLength: 24 })
      .filter((text) => new Set(text).size >= 3);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ access_token: secret, refresh_token: secret, client_secret: secret }),
        fc.string({ unit: tokenChar, minLength: 1, maxLength: 10 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }),
        fc.nat(),
        async (record, clientId, noise, at) => {
          const masker = createSecretMasker();
          const store = maskingTokenStore(memoryTokenStore(), masker);
          await store.set("key", { ...record, client_id: clientId });
          const quoted = [
            record.access_token,
            `Bearer ${record.refresh_token}`,
            `?token=${encodeURIComponent(record.access_token)}`,
            `client_secret=${encodeURIComponent(record.client_secret).replace(/%20/g, "+")}`,
            `Basic ${b64(`${clientId}:${record.client_secret}`)}`,
          ];
          const pieces = [...noise];
          for (const quote of quoted) pieces.splice(at % (pieces.length + 1), 0, quote);
          const masked = masker.mask(pieces.join(""));
          for (const text of [
            record.access_token,
            record.refresh_token,
            record.client_secret,
            encodeURIComponent(record.access_token),
            b64(`${clientId}:${record.client_secret}`),
          ]) {
            expect(masked).not.toContain(text);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
