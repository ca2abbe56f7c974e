/**
 * Which of the values a user passes (headers, env entries, URL parts, arguments) are secrets, and
 * every form of each that a server could echo back. A value is a secret when the user marks it
 * (`--secret-header`, `--secret-env`, `secret: true`), when its name says so (`Authorization`,
 * `X-API-Key`, `GITHUB_TOKEN`, `?api_key=`), or when it looks like a credential by itself
 * (`runtime/basics/credential-shape.ts`). Anything else is an ordinary value and is left alone: masking
 * `LOG_LEVEL=info` would rewrite every "info" a server says.
 */
import { decodeOnce, looksLikeCredential } from "@mcp-codegen/runtime/internal";

/** One string that must never be written or printed, and where the user gave it. */
export interface Secret {
  /** The exact text to mask. */
  text: string;
  /** For messages, never the value: `header Authorization`, `env API_TOKEN`, `URL query key`. */
  source: string;
}

/** Words that make a header, variable or query parameter name a credential's name. */
const CREDENTIAL_WORDS: ReadonlySet<string> = new Set([
  "token",
  "tokens",
  "secret",
  "secrets",
  "password",
  "passwd",
  "passphrase",
  "pass",
  "key",
  "keys",
  "apikey",
  "auth",
  "authorization",
  "credential",
  "credentials",
  "cookie",
  "sig",
  "signature",
  "jwt",
  "bearer",
  "pat",
]);

/** Glued forms: `GITHUBTOKEN`, `xapikey`, `authToken` split badly. */
const CREDENTIAL_SUFFIX = /(?:token|secret|password|passwd|apikey)$/;

/**
 * True for a name that says its value is a credential: one of its words (split at `-`, `_`, `.`
 * and lower-to-upper case changes) is token, secret, password, key, auth, cookie, signature, …
 * (`Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`, `GITHUB_TOKEN`, `apiKey`).
 * `PWD` is not: it is the shell's working folder.
 */
export function isCredentialName(name: string): boolean {
  return nameWords(name).some((word) => CREDENTIAL_WORDS.has(word) || CREDENTIAL_SUFFIX.test(word));
}

/**
 * True for a name that says its value is an identifier (`PROJECT_ID`, `X-Request-Id`): a random-
 * looking value there is an id, not a key, and a server may well list it in an enum.
 */
function isIdentifierName(name: string): boolean {
  return nameWords(name).some((word) => word === "id" || word === "ids" || word === "uuid");
}

function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** `scheme rest`, as in `Authorization: Bearer …` (RFC 9110 §11.4). */
const AUTH_SCHEME = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]+(\S.*)$/s;
/** A single token68 credential (`Bearer`, `Basic`, `DPoP`, `Token`): no auth-params. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/** `name=value` or `name="quoted"`, in auth-params and cookies. */
const PARAMETER = /([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|[^,;\s]*)/g;
/** Digest and similar parameters that describe the exchange rather than prove anything. */
const DESCRIPTIVE_PARAMETERS: ReadonlySet<string> = new Set([
  "realm",
  "qop",
  "algorithm",
  "uri",
  "nc",
  "charset",
  "userhash",
  "stale",
  "domain",
]);

/**
 * Every form of a credential-bearing value a server might quote: the whole value; for
 * `scheme credentials` the credentials; for `Basic` the decoded `user:password`, the password
 * and the user name when it is the key (no password, or key-shaped); the values of
 * `name=value` parameters (Digest and other auth-params, cookies) except descriptive ones.
 */
export function credentialForms(value: string): string[] {
  const forms = [value.trim()];
  const scheme = AUTH_SCHEME.exec(value.trim());
  const credentials = scheme === null ? value.trim() : scheme[2]!.trim();
  if (scheme !== null) {
    forms.push(credentials);
    if (scheme[1]!.toLowerCase() === "basic") forms.push(...basicForms(credentials));
  }
  // A token68 credential's "=" is Base64 padding, not a parameter.
  if (!TOKEN68.test(credentials)) {
    for (const [, name, raw] of value.matchAll(PARAMETER)) {
      if (DESCRIPTIVE_PARAMETERS.has(name!.toLowerCase())) continue;
      const unquoted = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, "$1") : raw!;
      forms.push(unquoted);
    }
  }
  return forms.filter((form) => form !== "");
}

function basicForms(credentials: string): string[] {
  if (!TOKEN68.test(credentials)) return [];
  let decoded: string;
  try {
    const binary = atob(credentials);
    decoded = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return [];
  }
  return [decoded, ...userPasswordForms(decoded)];
}

/** `user:password` → the password, and the user name when it is the key itself. */
function userPasswordForms(pair: string): string[] {
  const colon = pair.indexOf(":");
  if (colon < 0) return [];
  const user = pair.slice(0, colon);
  const password = pair.slice(colon + 1);
  return password === "" || looksLikeCredential(user) ? [user, password] : [password];
}

function tagged(source: string, texts: readonly string[]): Secret[] {
  return texts.filter((text) => text !== "").map((text) => ({ text, source }));
}

/**
 * The secrets in one header: all forms of its value when the header is marked secret, has a
 * credential's name, or its value (or its credentials after a scheme) looks like one, unless its
 * name says it is an id; none otherwise (`Accept: application/json`, `X-Request-Id: <uuid>`). A
 * header value that is a URL adds its own secrets.
 */
export function headerSecrets(name: string, value: string, marked = false): Secret[] {
  return valueSecrets(`header ${name}`, name, value, marked);
}

/** The secrets in one environment entry; the same rules as `headerSecrets`. */
export function envSecrets(name: string, value: string, marked = false): Secret[] {
  return valueSecrets(`env ${name}`, name, value, marked);
}

function valueSecrets(source: string, name: string, value: string, marked: boolean): Secret[] {
  const forms = credentialForms(value);
  const shaped = !isIdentifierName(name) && forms.some(looksLikeCredential);
  const secret = marked || isCredentialName(name) || shaped;
  const inUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? urlTextSecrets(value, source) : [];
  return [...(secret ? tagged(source, forms) : []), ...inUrl];
}

function urlTextSecrets(text: string, source: string): Secret[] {
  try {
    return urlSecrets(new URL(text)).map((secret) => ({ ...secret, source }));
  } catch {
    return [];
  }
}

/**
 * The secrets in a URL, each as written and percent-decoded exactly once (a server may echo
 * either): the password; the user name when it is the key itself; query values whose name is a
 * credential's or that look like one; path segments that look like a key (`/s/sk_live_…/mcp`).
 */
export function urlSecrets(url: URL): Secret[] {
  const secrets: Secret[] = [];
  const both = (text: string) => [text, decodeOnce(text)];
  const userInfo = userPasswordForms(`${url.username}:${url.password}`);
  secrets.push(...tagged("URL credentials", userInfo.flatMap(both)));
  for (const pair of url.search.slice(1).split("&")) {
    const equals = pair.indexOf("=");
    if (equals < 0) continue;
    const name = decodeQuery(pair.slice(0, equals));
    const raw = pair.slice(equals + 1);
    const forms = [raw, decodeOnce(raw), decodeQuery(raw)];
    if (isCredentialName(name) || forms.some(looksLikeCredential)) {
      secrets.push(...tagged(`URL query ${name}`, forms));
    }
  }
  for (const segment of url.pathname.split("/")) {
    const forms = both(segment);
    if (forms.some(looksLikeCredential)) secrets.push(...tagged("URL path", forms));
  }
  return secrets;
}

/**
 * A query component as `URLSearchParams` reads it: `+` is a space, decoded once, and a broken
 * `%` sequence decoded leniently (U+FFFD) rather than refused, as WHATWG servers do.
 */
function decodeQuery(text: string): string {
  return new URLSearchParams(`x=${text}`).get("x") ?? text;
}

/**
 * The secrets in a stdio command line: an argument that looks like a credential, the value of
 * `--name=value` and of the argument after `--name` when the name is a credential's
 * (`--api-key sk_…`, `--token=…`).
 */
export function argumentSecrets(args: readonly string[]): Secret[] {
  const secrets: Secret[] = [];
  args.forEach((arg, index) => {
    const source = `argument ${index + 1}`;
    const option = /^--?([A-Za-z0-9][\w.-]*)(?:=(.*))?$/s.exec(arg);
    if (option?.[2] !== undefined && isCredentialName(option[1]!)) {
      secrets.push(...tagged(source, credentialForms(option[2])));
    } else if (looksLikeCredential(arg)) {
      secrets.push(...tagged(source, [arg]));
    }
    const next = args[index + 1];
    if (
      option !== null &&
      option[2] === undefined &&
      next !== undefined &&
      isCredentialName(option[1]!)
    ) {
      secrets.push(...tagged(`argument ${index + 2}`, credentialForms(next)));
    }
  });
  return secrets;
}

/**
 * A `${VAR}` value substituted into a config string: a secret when the variable's name is a
 * credential's or the value looks like one. The field it lands in adds its own rules.
 */
export function substitutionSecrets(variable: string, value: string): Secret[] {
  return isCredentialName(variable) || credentialForms(value).some(looksLikeCredential)
    ? tagged(`\${${variable}}`, credentialForms(value))
    : [];
}
