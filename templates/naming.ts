/**
 * Untrusted server names → identifiers and file names.
 *
 * MCP names may contain any character (dots, slashes, dashes, spaces, non-ASCII), run past 128
 * characters and repeat. This module maps them to ASCII names that are always valid, never
 * reserved, and stable: the same key gives the same name on every machine, whatever the order of
 * the server's lists.
 *
 * The scheme, in order:
 * 1. Transliterate: NFKD, drop combining marks, map a few letters NFKD leaves alone (ß → ss,
 *    ø → o, æ → ae, ł → l…). Every other non-ASCII character, like every ASCII character that is
 *    not a letter or digit, separates words.
 * 2. Split words also at case changes: `getHTTPResponse` → get · HTTP · Response. Digits stay with
 *    the word they follow and split only before a capitalised word (`s3Bucket` → s3 · Bucket), so
 *    `get2fa` and `get2FA` stay one word.
 * 3. Join: camelCase (`getHttpResponse`), PascalCase (`GetHttpResponse`), kebab-case
 *    (`get-http-response`). Nothing usable left → `unnamed_<hash>`.
 * 4. Identifiers starting with a digit get a `_` prefix: `2fa` → `_2fa` (file names keep `2fa`).
 * 5. Reserved names get a `_` suffix: `class` → `class_`, `then` → `then_`, `String` → `String_`,
 *    file `con` → `con_`.
 * 6. Names longer than 64 characters are cut to 57 and get `_<hash>`, so two long names sharing a
 *    prefix still differ.
 *
 * `_` never comes out of step 3, so a `_` in a name always marks one of these rules and no
 * rewritten name can equal a plain one. `<hash>` is 6 lowercase hex digits of FNV-1a over the raw
 * name's UTF-16 code units: the same on every platform and Node version.
 */
import { compareText } from "@mcp-codegen/runtime/internal";

/** How `assignNames` renders names. */
export type NameStyle = "camel" | "pascal" | "kebab";

/** Options of `assignNames`. */
export interface AssignNamesOptions {
  /** More names no key may get (e.g. identifiers the emitter already uses in the same scope). */
  readonly reserved?: Iterable<string>;
}

const MAX_LENGTH = 64;
const HASH_LENGTH = 6;
const FALLBACK_WORD = "unnamed";

// Words that cannot name a function, variable, class, interface or type alias in a strict ES
// module, or that would shadow something generated code relies on.
const RESERVED_IDENTIFIERS = words(`
  break case catch class const continue debugger default delete do else enum export extends
  false finally for function if import in instanceof new null return super switch this throw
  true try typeof var void while with
  implements interface let package private protected public static yield await arguments eval
  undefined NaN Infinity globalThis require exports module as
  any unknown never object symbol string number boolean bigint intrinsic
`);

// Global types and values a PascalCase type name would shadow inside its module.
const RESERVED_TYPES = words(`
  Array ArrayBuffer ArrayLike AsyncGenerator AsyncIterable AsyncIterableIterator AsyncIterator
  Awaited BigInt Boolean Capitalize ConstructorParameters DataView Date Error EvalError Exclude
  Extract Function Generator InstanceType Intl Iterable IterableIterator Iterator JSON Lowercase
  Map Math NoInfer NonNullable Number Object Omit OmitThisParameter Parameters Partial Pick
  Promise PromiseLike PropertyKey Proxy RangeError Readonly ReadonlyArray ReadonlyMap ReadonlySet
  Record ReferenceError Reflect RegExp Required ReturnType Set String Symbol SyntaxError
  TemplateStringsArray ThisParameterType ThisType TypeError URIError URL Uint8Array Uncapitalize
  Uppercase WeakMap WeakRef WeakSet AbortSignal Buffer
`);

// Members that change how an object behaves when used as its keys: `then` makes it thenable
// (`await client.tools` would call it), the others shadow Object.prototype.
const RESERVED_MEMBERS = words(`
  then constructor prototype __proto__ toJSON toString valueOf hasOwnProperty isPrototypeOf
  propertyIsEnumerable toLocaleString __defineGetter__ __defineSetter__ __lookupGetter__
  __lookupSetter__
`);

// Device names Windows refuses as file names whatever the extension, plus the barrel file name.
const RESERVED_FILE_NAMES = words(`
  con prn aux nul com0 com1 com2 com3 com4 com5 com6 com7 com8 com9
  lpt0 lpt1 lpt2 lpt3 lpt4 lpt5 lpt6 lpt7 lpt8 lpt9 index
`);

// Letters NFKD does not decompose into ASCII.
const TRANSLITERATIONS: ReadonlyMap<string, string> = new Map(
  "ß:ss ẞ:SS æ:ae Æ:AE œ:oe Œ:OE ø:o Ø:O đ:d Đ:D ð:d Ð:D ł:l Ł:L þ:th Þ:Th ı:i ħ:h Ħ:H ŀ:l Ŀ:L"
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((word) => word !== ""));
}

/**
 * A camelCase identifier for an untrusted name: `get_weather` → `getWeather`,
 * `getHTTPResponse` → `getHttpResponse`, `2fa` → `_2fa`, `delete` → `delete_`, `then` → `then_`,
 * `日本` → `unnamed_<hash>`. Always matches `/^[A-Za-z_][A-Za-z0-9_]*$/`, at most 64 characters,
 * never a reserved word or a dangerous object member. Different names can give the same result:
 * use `assignNames` to name a whole list.
 */
export function toCamelCase(name: string): string {
  return finishIdentifier(name, camelJoin(splitWords(name)));
}

/**
 * A PascalCase type name for an untrusted name: `get_weather` → `GetWeather`, `string` →
 * `String_` (would shadow the global), `2fa` → `_2fa`. Same guarantees as `toCamelCase`.
 */
export function toPascalCase(name: string): string {
  return finishIdentifier(name, pascalJoin(splitWords(name)));
}

/**
 * A kebab-case file name stem (no extension) for an untrusted name: `get.weather` →
 * `get-weather`, `2fa` → `2fa`, `CON` → `con_`. Always matches `/^[a-z0-9][a-z0-9_-]*$/`, lowercase
 * (so case-insensitive file systems see what we see), at most 64 characters.
 */
export function toKebabFileName(name: string): string {
  const parts = splitWords(name).map((word) => word.toLowerCase());
  const joined = parts.length === 0 ? fallbackName(name, FALLBACK_WORD) : parts.join("-");
  return capLength(name, RESERVED_FILE_NAMES.has(joined) ? `${joined}_` : joined);
}

/**
 * True when a name has at least one ASCII letter or digit after transliteration, so the joins
 * above use its own words; `""`, `"  "`, `"日本"` and `"!!"` have none and would come out as
 * `unnamed_<hash>`, which is no name for a whole client.
 */
export function hasNameWords(name: string): boolean {
  return splitWords(name).length > 0;
}

/**
 * Names a whole list of untrusted keys (duplicates allowed; each distinct key gets one entry).
 *
 * Guarantees:
 * - Injective, and unique ignoring case (file names on macOS and Windows; an identifier may also
 *   become a file name), and never one of `options.reserved`.
 * - Independent of input order: any permutation gives the same map, entries in the same order
 *   (sorted by key, comparing UTF-16 code units, independent of locale).
 * - Local: a key's name depends only on the keys whose base name (`toCamelCase` etc.) equals its
 *   own ignoring case. A key without such a collision keeps its base name whatever else is added.
 * - In a collision group one key keeps the base name: the key spelled exactly like the base name
 *   if there is one (`getWeather` beats `get_weather`), else the smallest key. The others get
 *   `<base>_<hash of the raw key>`. So adding a key renames at most one existing key, the holder
 *   of its base name, and only when the newcomer is spelled exactly like the base name or, when
 *   neither is, sorts first. Should two hashes ever meet, the later key takes more hash digits.
 */
export function assignNames(
  items: readonly { key: string }[],
  style: NameStyle,
  options: AssignNamesOptions = {},
): Map<string, string> {
  const extra = new Set(options.reserved ?? []);
  const keys = [...new Set(items.map((item) => item.key))].sort(compareText);
  const groups = new Map<string, { key: string; base: string }[]>();
  for (const key of keys) {
    let base = nameFor(key, style);
    if (extra.has(base)) base = `${base}_`;
    const group = groups.get(base.toLowerCase()) ?? [];
    group.push({ key, base });
    groups.set(base.toLowerCase(), group);
  }
  const taken = new Set([...extra].map((name) => name.toLowerCase()));
  const names = new Map<string, string>();
  const losers: { key: string; base: string }[] = [];
  for (const group of groups.values()) {
    const winner = group.find((member) => member.key === member.base) ?? group[0];
    for (const member of group) {
      if (member !== winner) losers.push(member);
      else if (!taken.has(member.base.toLowerCase())) names.set(member.key, member.base);
      else losers.push(member);
    }
  }
  for (const name of names.values()) taken.add(name.toLowerCase());
  losers.sort((a, b) => compareText(a.key, b.key));
  for (const loser of losers) {
    const name = suffixedName(loser.key, loser.base, taken);
    taken.add(name.toLowerCase());
    names.set(loser.key, name);
  }
  return new Map([...names].sort(([a], [b]) => compareText(a, b)));
}

function nameFor(key: string, style: NameStyle): string {
  if (style === "camel") return toCamelCase(key);
  if (style === "pascal") return toPascalCase(key);
  return toKebabFileName(key);
}

/** `<base>_<hash>`, cut to fit 64 characters; more hash digits if that is taken. */
function suffixedName(key: string, base: string, taken: ReadonlySet<string>): string {
  const digest = hashHex(key);
  for (let length = HASH_LENGTH; length <= digest.length; length += 2) {
    const name = `${base.slice(0, MAX_LENGTH - 1 - length)}_${digest.slice(0, length)}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
  // Unreachable in practice (64 bits of hash collide); a counter still guarantees injectivity.
  for (let counter = 2; ; counter += 1) {
    const tail = `_${digest}_${counter}`;
    const name = `${base.slice(0, MAX_LENGTH - tail.length)}${tail}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

function finishIdentifier(raw: string, joined: string): string {
  let name = joined === "" ? fallbackName(raw, FALLBACK_WORD) : joined;
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (isReservedIdentifier(name)) name = `${name}_`;
  return capLength(raw, name);
}

function isReservedIdentifier(name: string): boolean {
  return RESERVED_IDENTIFIERS.has(name) || RESERVED_TYPES.has(name) || RESERVED_MEMBERS.has(name);
}

function fallbackName(raw: string, word: string): string {
  return `${word}_${hashHex(raw).slice(0, HASH_LENGTH)}`;
}

function capLength(raw: string, name: string): string {
  if (name.length <= MAX_LENGTH) return name;
  // A kebab name cut after a dash would read `foo-_hash`; drop the dangling dashes.
  const kept = name.slice(0, MAX_LENGTH - 1 - HASH_LENGTH).replace(/-+$/, "");
  return `${kept}_${hashHex(raw).slice(0, HASH_LENGTH)}`;
}

/** ASCII words of a name, following steps 1–2 of the module comment. */
function splitWords(name: string): string[] {
  // An ASCII name (nearly all) is its own NFKD form, has no marks and nothing to transliterate.
  const ascii = isAscii(name)
    ? name
    : [...name.normalize("NFKD").replace(/\p{M}/gu, "")]
        .map((char) => TRANSLITERATIONS.get(char) ?? char)
        .join("");
  return ascii
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z0-9])([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) > 0x7f) return false;
  }
  return true;
}

function camelJoin(parts: readonly string[]): string {
  return parts.map((word, index) => (index === 0 ? word.toLowerCase() : capitalize(word))).join("");
}

function pascalJoin(parts: readonly string[]): string {
  return parts.map(capitalize).join("");
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * 16 hex digits: two 32-bit FNV-1a hashes (different offset bases) over UTF-16 code units.
 * Not cryptographic; it only has to spread names and be identical everywhere.
 */
function hashHex(text: string): string {
  // The standard FNV offset basis, then an arbitrary second one for the other 32 bits.
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x5ad1e882);
}

function fnv1a(text: string, offsetBasis: number): string {
  let hash = offsetBasis >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
