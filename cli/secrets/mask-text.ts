/**
 * Replacing secrets in text with `***`: the one masking rule behind every printed line and every
 * string of a contract that is written.
 *
 * Hand-written: replacing one secret after another (the obvious `split().join()`) leaves part of
 * a secret behind when two overlap ("abcdef" and "defghi" in "abcdefghi" leave "ghi"), so every
 * occurrence of every secret is found first and the union of their spans is masked at once.
 */

/** Shorter secrets would match ordinary text ("1", "yes"); they are not searched. */
export const MIN_SECRET_LENGTH = 4;

export const MASK = "***";

export interface Masked {
  text: string;
  /** How many separate spans were replaced with `***`. */
  replaced: number;
}

/** The secrets worth searching for: unique, at least `MIN_SECRET_LENGTH` long. */
export function searchableSecrets(secrets: Iterable<string>): string[] {
  return [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/** True when any searchable secret occurs in `text`. */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => secret.length >= MIN_SECRET_LENGTH && text.includes(secret));
}

/**
 * `text` with every occurrence of every secret (overlapping ones merged) replaced by `***`. Runs
 * again until none is left: a secret containing `*` could reappear from the mask and its
 * neighbours, and each pass shortens the text (secrets are longer than the mask), so it ends.
 */
export function maskText(text: string, secrets: readonly string[]): Masked {
  let current = text;
  let replaced = 0;
  for (;;) {
    const spans = mergedSpans(current, secrets);
    if (spans.length === 0) return { text: current, replaced };
    replaced += spans.length;
    let result = "";
    let position = 0;
    for (const [start, end] of spans) {
      result += current.slice(position, start) + MASK;
      position = end;
    }
    current = result + current.slice(position);
  }
}

/**
 * A list of secrets that grows while the CLI runs: OAuth tokens and client secrets are only known
 * once the flow has run, after the reporter was made. Everything masked through it is masked with
 * every secret added so far.
 */
export interface SecretMasker {
  /** Adds secrets (shorter than `MIN_SECRET_LENGTH` ones are ignored, like everywhere). */
  add(secrets: Iterable<string>): void;
  /** `text` with every secret added so far replaced by `***`. */
  mask(text: string): string;
  /** The searchable secrets known so far. */
  secrets(): readonly string[];
}

export function createSecretMasker(initial: Iterable<string> = []): SecretMasker {
  let known = searchableSecrets(initial);
  return {
    add(secrets) {
      known = searchableSecrets([...known, ...secrets]);
    },
    mask: (text) => maskText(text, known).text,
    secrets: () => known,
  };
}

/** Start and end of every occurrence, sorted, overlapping and touching spans merged. */
function mergedSpans(text: string, secrets: readonly string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
      spans.push([at, at + secret.length]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}
