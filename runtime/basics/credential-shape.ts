/**
 * Whether a piece of text looks like a credential by its shape alone: a key with a well-known
 * vendor prefix, a JWT, or a long run of random-looking characters. Used to mask URL path
 * segments in messages and, in the CLI, to treat values the user did not mark as secrets.
 * Runtime-neutral: no Node imports.
 *
 * Hand-written rather than taken from a secret scanner (secretlint, detect-secrets ports): those
 * ship hundreds of vendor rules and file walkers, where this needs one cheap yes/no on short text.
 */

/** Prefixes vendors put on their keys (Stripe, OpenAI, Anthropic, GitHub, GitLab, Slack, AWS, Google, Hugging Face, npm, …). */
const KNOWN_PREFIX =
  /^(?:[sprk]k_(?:live|test)_|sk-|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|AKIA|ASIA|AIza|ya29\.|shpat_|shpss_|npm_|hf_|dop_v1_|SG\.|xai-|pplx-|lin_api_)/;

/** A JWT or JWS in compact form: a base64url JSON header ("eyJ" is `{"`), then two more parts. */
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;

/** Characters API keys and tokens are made of (base64, base64url, hex, separators). */
const TOKEN_ALPHABET = /^[A-Za-z0-9+/_=-]+$/;

const HEX = /^[0-9a-fA-F]+$/;

/** Below this a random-looking string is as likely a short id or a word with digits. */
const MIN_RANDOM_LENGTH = 20;

/**
 * True for text that looks like a credential:
 * - a known vendor prefix followed by at least 8 more characters (`sk_live_…`, `ghp_…`);
 * - a compact JWT (`eyJ….….…`);
 * - 32 or more hex digits, with or without dashes (API keys, UUID-style secret paths);
 * - 20 or more base64/base64url characters mixing at least two of lower case, upper case and
 *   digits, with the high Shannon entropy and the frequent changes of character class that
 *   random text has and words with numbers ("MyProject2024Release") do not.
 *
 * Whitespace anywhere means no: credentials are single tokens.
 */
export function looksLikeCredential(text: string): boolean {
  if (text.length < 8 || /\s/.test(text)) return false;
  const prefix = KNOWN_PREFIX.exec(text);
  if (prefix !== null) return text.length >= prefix[0].length + 8;
  if (JWT.test(text)) return true;
  const undashed = text.replaceAll("-", "");
  if (undashed.length >= 32 && HEX.test(undashed)) return true;
  return looksRandom(text);
}

function looksRandom(text: string): boolean {
  if (text.length < MIN_RANDOM_LENGTH || !TOKEN_ALPHABET.test(text)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(text)).length;
  if (classes < 2) return false;
  // Separators are left out of the count: "tool_name_v2" changes class at every "_".
  const core = text.replace(/[+/_=-]/g, "");
  return shannonEntropy(text) >= 3.5 && classChanges(core) >= core.length * 0.35;
}

/** Bits per character of the text's own character distribution. */
function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function characterClass(char: string): number {
  if (char >= "a" && char <= "z") return 0;
  if (char >= "A" && char <= "Z") return 1;
  return 2;
}

/** How often neighbouring characters differ in class: words change rarely, random text often. */
function classChanges(text: string): number {
  let changes = 0;
  for (let i = 1; i < text.length; i++) {
    if (characterClass(text[i - 1]!) !== characterClass(text[i]!)) changes++;
  }
  return changes;
}
