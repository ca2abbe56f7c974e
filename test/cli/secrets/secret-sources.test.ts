import { describe, expect, it } from "vitest";
import {
  argumentSecrets,
  credentialForms,
  envSecrets,
  headerSecrets,
  isCredentialName,
  substitutionSecrets,
  urlSecrets,
  type Secret,
} from "../../../cli/secrets/secret-sources.js";

const texts = (secrets: readonly Secret[]) => [...new Set(secrets.map((secret) => secret.text))];
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("isCredentialName", () => {
  const yes = [
    "Authorization",
    "Proxy-Authorization",
    "Cookie",
    "X-API-Key",
    "x-api-key",
    "Api-Key",
    "X-Auth-Token",
    "GITHUB_TOKEN",
    "OPENAI_API_KEY",
    "DB_PASSWORD",
    "CLIENT_SECRET",
    "apiKey",
    "accessToken",
    "GITHUBTOKEN",
    "api_key",
    "sig",
    "X-Signature",
  ];
  const no = ["LOG_LEVEL", "PORT", "MODE", "Accept", "X-Tenant", "PWD", "HOME", "MONKEY", "region"];
  it.each(yes)("%j is a credential's name", (name) => expect(isCredentialName(name)).toBe(true));
  it.each(no)("%j is not", (name) => expect(isCredentialName(name)).toBe(false));
});

describe("credentialForms", () => {
  // [given header value, want forms]
  const table: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["T0ken-abc", ["T0ken-abc"]],
    ["Bearer T0ken-abc", ["Bearer T0ken-abc", "T0ken-abc"]],
    ["bearer   T0ken-abc ", ["bearer   T0ken-abc", "T0ken-abc"]],
    ["Token T0ken-abc", ["Token T0ken-abc", "T0ken-abc"]],
    ["DPoP T0ken-abc", ["DPoP T0ken-abc", "T0ken-abc"]],
    [
      `Basic ${b64("alice:pa55word")}`,
      [`Basic ${b64("alice:pa55word")}`, b64("alice:pa55word"), "alice:pa55word", "pa55word"],
    ],
    // No password: the user name is the key (Stripe style).
    [
      `Basic ${b64("sk_test_abcdefgh12:")}`,
      [
        `Basic ${b64("sk_test_abcdefgh12:")}`,
        b64("sk_test_abcdefgh12:"),
        "sk_test_abcdefgh12:",
        "sk_test_abcdefgh12",
      ],
    ],
    ["Basic !!!not-base64", ["Basic !!!not-base64", "!!!not-base64"]],
    [
      'Digest username="alice", realm="r@h", nonce="n0nce", uri="/x", response="6629fae4", qop=auth',
      [
        'Digest username="alice", realm="r@h", nonce="n0nce", uri="/x", response="6629fae4", qop=auth',
        'username="alice", realm="r@h", nonce="n0nce", uri="/x", response="6629fae4", qop=auth',
        "alice",
        "n0nce",
        "6629fae4",
      ],
    ],
    [
      "AWS4-HMAC-SHA256 Credential=AKID/2024/s3, Signature=fe5f80f7",
      [
        "AWS4-HMAC-SHA256 Credential=AKID/2024/s3, Signature=fe5f80f7",
        "Credential=AKID/2024/s3, Signature=fe5f80f7",
        "AKID/2024/s3",
        "fe5f80f7",
      ],
    ],
    ["session=abc123; theme=dark", ["session=abc123; theme=dark", "abc123", "dark"]],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(credentialForms(given)).toEqual(want);
  });
});

describe("headerSecrets and envSecrets", () => {
  // [name, value, marked, want texts]
  const table: ReadonlyArray<readonly [string, string, boolean, readonly string[]]> = [
    ["Authorization", "Bearer T0ken-abc", false, ["Bearer T0ken-abc", "T0ken-abc"]],
    ["X-API-Key", "k3y-value", false, ["k3y-value"]],
    ["Accept", "application/json", false, []],
    ["X-Tenant", "acme", true, ["acme"]],
    ["X-Request-Id", "550e8400-e29b-41d4-a716-446655440000", false, []],
    // Shaped like a key, whatever the name.
    ["X-Custom", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", false, ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"]],
    // A URL value brings its own credentials.
    ["X-Upstream", "https://u:pa55@h.example/?api_key=k3y", false, ["pa55", "k3y"]],
  ];
  it.each(table)("header %s: %j (marked %j) → %j", (name, value, marked, want) => {
    expect(texts(headerSecrets(name, value, marked))).toEqual(want);
  });
  it("names the header, never the value", () => {
    expect(headerSecrets("Authorization", "Bearer T0ken-abc").map((s) => s.source)).toEqual([
      "header Authorization",
      "header Authorization",
    ]);
  });

  const env: ReadonlyArray<readonly [string, string, boolean, readonly string[]]> = [
    ["LOG_LEVEL", "info", false, []],
    ["MODE", "production", false, []],
    ["GITHUB_TOKEN", "ghp_abc", false, ["ghp_abc"]],
    ["REGION", "eu-west-1", true, ["eu-west-1"]],
    ["CONFIG", "xK8fQ2pL9vR4tY7wN3mZ", false, ["xK8fQ2pL9vR4tY7wN3mZ"]],
    ["DATABASE_URL", "postgres://app:s3cr3t@db/app", false, ["s3cr3t"]],
    // An id is an id, however random it looks; a key named as one is still a key.
    ["PROJECT_ID", "550e8400-e29b-41d4-a716-446655440000", false, []],
    [
      "API_KEY_ID",
      "550e8400-e29b-41d4-a716-446655440000",
      false,
      ["550e8400-e29b-41d4-a716-446655440000"],
    ],
  ];
  it.each(env)("env %s=%j (marked %j) → %j", (name, value, marked, want) => {
    expect(texts(envSecrets(name, value, marked))).toEqual(want);
  });
});

describe("urlSecrets", () => {
  // [given URL, want texts]
  const table: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["https://h.example/mcp", []],
    // Decoded exactly once: "%25" is "%", and "%2541" stays "%41".
    ["https://h.example/mcp?token=100%25sure", ["100%25sure", "100%sure"]],
    ["https://h.example/mcp?api_key=%2541bcd", ["%2541bcd", "%41bcd"]],
    ["https://h.example/mcp?key=a+b%2Bc", ["a+b%2Bc", "a+b+c", "a b+c"]],
    // Ordinary query values are not secrets (the printed URL masks them all anyway).
    ["https://h.example/mcp?mode=fast&format=json", []],
    [
      "https://h.example/mcp?v=sk_live_4eC39HqLyjWDarjtT1zdp7dc",
      ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ],
    [
      "https://h.example/s/sk_live_4eC39HqLyjWDarjtT1zdp7dc/mcp",
      ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ],
    // A broken escape: as written, and as a WHATWG server reads it.
    ["https://h.example/mcp?token=abcd%E0%A4", ["abcd%E0%A4", "abcd\uFFFD"]],
    ["https://alice:pa%2555@h.example/", ["pa%2555", "pa%55"]],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(texts(urlSecrets(new URL(given)))).toEqual(want);
  });
});

describe("argumentSecrets and substitutionSecrets", () => {
  // [given args, want texts]
  const table: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
    [["server.js", "--port", "8080"], []],
    [["--api-key", "k3y-value"], ["k3y-value"]],
    [["--token=k3y-value"], ["k3y-value"]],
    [["server.js", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"], ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"]],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(texts(argumentSecrets(given))).toEqual(want);
  });

  it("keeps ${VAR} values of credential-named variables only", () => {
    expect(texts(substitutionSecrets("API_TOKEN", "t0k3n"))).toEqual(["t0k3n"]);
    expect(texts(substitutionSecrets("HOST", "api.example.com"))).toEqual([]);
    expect(substitutionSecrets("API_TOKEN", "t0k3n")[0]?.source).toBe("${API_TOKEN}");
  });
});
