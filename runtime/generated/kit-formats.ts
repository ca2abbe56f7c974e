/**
 * The validator kit's string formats: the JSON Schema formats generated validators check
 * (`email`, `uuid`, `hostname`, `ipv4`, `ipv6`, `date`, `date-time`, `duration`, `uri`), each
 * accepting exactly what zod 4.6.7's same-named schema accepts. The regexes are anchored and
 * free of nested quantifiers over overlapping text, so `RegExp` runs them in linear time.
 */
import type { KitSchema } from "./kit-schema.js";
import { KitString } from "./kit-scalars.js";
import { issue, type Payload } from "./kit-issue.js";

/** A string schema whose first check is `test`, failing with `Invalid <name>`. */
function format(name: string, test: (value: string, payload: Payload) => boolean): KitSchema {
  return new KitString().withChecks({
    run: (payload) => {
      if (!test(payload.value as string, payload))
        payload.issues.push(issue("invalid_format", `Invalid ${name}`, { continue: true }));
    },
  });
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

// Dot-separated atoms of letters, digits and _'+-; the last may not end in an apostrophe. The
// domain: labels of letters, digits and hyphens (not leading), then a top-level of 2+ letters.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const HEX = "[0-9a-fA-F]";
const GUID = new RegExp(`^${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}$`);
const OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
const IPV4 = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);
const IPV6_ALPHABET = /^[0-9a-fA-F:.]+$/;
const LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Hours, minutes and seconds (no leap second), an optional fraction, then Z or an offset.
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const TIME_UTC = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;
// ISO 8601-1: weeks alone, or years, months, days, then T and hours, minutes, seconds (only
// the seconds may have a fraction); at least one part, and a T must be followed by one.
const DURATION =
  /^P(?:\d+W|(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:[.,]\d+)?S)?)?)$/;

/** A real calendar date, YYYY-MM-DD (Gregorian leap years, year 0000 to 9999). */
function isDate(value: string): boolean {
  const parts = DATE.exec(value);
  if (parts === null) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/** A host name: 1 to 253 characters (one trailing dot allowed), labels of 1 to 63. */
function isHostname(value: string): boolean {
  const body = value.endsWith(".") ? value.slice(0, -1) : value;
  if (body.length === 0 || body.length > 253) return false;
  return body.split(".").every((label) => LABEL.test(label));
}

/** Whether the URL parser takes `text`; without `URL.canParse` (older engines), by trying. */
function canParse(text: string): boolean {
  if (typeof URL.canParse === "function") return URL.canParse(text);
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** An IPv6 address: hex digits, colons and dots only, that the URL parser takes as a host. */
function isIpv6(value: string): boolean {
  return IPV6_ALPHABET.test(value) && canParse(`http://[${value}]`);
}

/**
 * An absolute URL the WHATWG parser takes, after trimming. As zod does, the value becomes the
 * trimmed text without the tabs and line breaks the parser would delete anyway.
 */
function isUrl(value: string, payload: Payload): boolean {
  const trimmed = value.trim();
  if (!canParse(trimmed)) return false;
  payload.value = trimmed.replace(/[\t\n\r]/g, "");
  return true;
}

/** `z.email()`. */
export const email = (): KitSchema => format("email address", matches(EMAIL));
/** `z.guid()`: any 8-4-4-4-12 hex string, whatever its version bits. */
export const guid = (): KitSchema => format("GUID", matches(GUID));
/** `z.hostname()`. */
export const hostname = (): KitSchema => format("hostname", isHostname);
/** `z.ipv4()`: dotted quad without leading zeros. */
export const ipv4 = (): KitSchema => format("IPv4 address", matches(IPV4));
/** `z.ipv6()`. */
export const ipv6 = (): KitSchema => format("IPv6 address", isIpv6);
/** `z.url()`. */
export const url = (): KitSchema => format("URL", isUrl);

/** `z.iso.date()`, `z.iso.datetime({ offset })` (Z always; an offset only with `offset`), `z.iso.duration()`. */
export const iso = {
  date: (): KitSchema => format("ISO date", isDate),
  datetime: (options?: { offset?: boolean }): KitSchema =>
    format("ISO datetime", (value) => {
      const t = value.indexOf("T");
      return (
        t === 10 &&
        isDate(value.slice(0, 10)) &&
        (options?.offset === true ? TIME : TIME_UTC).test(value.slice(11))
      );
    }),
  duration: (): KitSchema => format("ISO duration", matches(DURATION)),
};
