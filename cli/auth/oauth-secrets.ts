/**
 * Keeping OAuth secrets out of everything the CLI prints or writes. Tokens and client secrets are
 * not known when a run starts (unlike `--header` values, see secret-sources.ts): they appear when
 * the flow runs or a stored token is loaded. Every record the OAuth core reads from or writes to
 * its token store passes through `maskingTokenStore`, which hands the record's secrets to the
 * run's `SecretMasker`, so a token a server or a library quotes later is masked like any other
 * secret.
 */
import type { JsonObject } from "@mcp-codegen/runtime";
import type { SecretMasker } from "../secrets/index.js";

/**
 * Fields holding a secret in OAuth records (RFC 6749, 7591, 7523, 8628, 8693, OpenID Connect),
 * compared without case, `_` or `-` so `access_token` and `accessToken` both count. An explicit
 * list: the credential-name rule of secret-sources.ts would also take `token_type` ("Bearer") and
 * `token_endpoint_auth_method` ("client_secret_basic"), and mask those words everywhere.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "clientsecret",
  "registrationaccesstoken",
  "code",
  "codeverifier",
  "devicecode",
  "assertion",
  "clientassertion",
  "subjecttoken",
  "actortoken",
  "password",
  "privatekey",
]);

/** The private members of a JSON Web Key (RFC 7518 §6): a DPoP or `private_key_jwt` key. */
const JWK_PRIVATE_MEMBERS: ReadonlySet<string> = new Set(["d", "p", "q", "dp", "dq", "qi", "k"]);

const normalize = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/** `application/x-www-form-urlencoded`, as RFC 6749 §2.3.1 encodes Basic client credentials. */
function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, "+");
}

function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** A secret as written, and as a URL or a form body carries it. */
function forms(value: string): string[] {
  return [value, encodeURIComponent(value), formEncode(value)];
}

/**
 * Every string in `record` (at any depth) that is a secret, in each form text may quote it: as
 * is, percent-encoded, form-encoded, and for a `client_id` with a `client_secret` the Base64 of
 * the HTTP Basic credentials the token endpoint receives. Strings of other fields (`token_type`,
 * `scope`, endpoints, the client id) are not secrets.
 */
export function oauthRecordSecrets(record: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const object = value as Record<string, unknown>;
    const isJwk = typeof object.kty === "string";
    for (const [name, member] of Object.entries(object)) {
      const secret = SECRET_FIELDS.has(normalize(name)) || (isJwk && JWK_PRIVATE_MEMBERS.has(name));
      if (secret && typeof member === "string") forms(member).forEach((form) => found.add(form));
      else visit(member);
    }
    const id = object.client_id ?? object.clientId;
    const secret = object.client_secret ?? object.clientSecret;
    if (typeof id === "string" && typeof secret === "string") {
      found.add(base64(`${formEncode(id)}:${formEncode(secret)}`));
      // Many servers and clients skip the form-encoding step.
      found.add(base64(`${id}:${secret}`));
    }
  };
  visit(record);
  return [...found].filter((text) => text !== "");
}

/** What `maskingTokenStore` wraps: the runtime's `TokenStore`, or any store of JSON records. */
export interface RecordStore {
  get(key: string): Promise<JsonObject | undefined>;
  set(key: string, value: JsonObject): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * `store`, with the secrets of every record read from it or written to it added to `masker`
 * before the caller sees the record (or the write goes out), so no token is ever in hand before
 * the output knows to mask it.
 */
export function maskingTokenStore(store: RecordStore, masker: SecretMasker): RecordStore {
  return {
    get: async (key) => {
      const record = await store.get(key);
      if (record !== undefined) masker.add(oauthRecordSecrets(record));
      return record;
    },
    set: async (key, value) => {
      masker.add(oauthRecordSecrets(value));
      await store.set(key, value);
    },
    delete: (key) => store.delete(key),
  };
}
