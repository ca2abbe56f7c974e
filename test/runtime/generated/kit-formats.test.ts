/**
 * The validator kit's string formats, edge case by edge case: a given/want table per format
 * (the verdicts zod 4.6.7 gives, checked here against zod too), and every edge string of every
 * format against every format's zod verdict.
 */
import { describe, expect, it } from "vitest";
import type { GeneratedSchema, GeneratedZod } from "../../../runtime/generated/index.js";
import { validatorKit } from "../../../runtime/generated/validator-kit.js";
import { validatorZod } from "../../../runtime/zod/validator-zod.js";
import { FORMAT_STRINGS } from "./kit-values.js";

const kit = validatorKit as unknown as GeneratedZod;
const zod = validatorZod as unknown as GeneratedZod;

const FORMATS: Readonly<Record<string, (z: GeneratedZod) => GeneratedSchema>> = {
  email: (z) => z.email(),
  guid: (z) => z.guid(),
  hostname: (z) => z.hostname(),
  ipv4: (z) => z.ipv4(),
  ipv6: (z) => z.ipv6(),
  date: (z) => z.iso.date(),
  datetime: (z) => z.iso.datetime(),
  "datetime (offset)": (z) => z.iso.datetime({ offset: true }),
  duration: (z) => z.iso.duration(),
  url: (z) => z.url(),
};

// [format, given, want]
const TABLE: readonly (readonly [string, string, boolean])[] = [
  ["email", "a.b@c.de", true],
  ["email", "a'@b.co", false],
  ["email", "a..b@c.de", false],
  ["email", "a@b.c", false],
  ["email", "a@-b.co", false],
  ["guid", "123e4567-e89b-12d3-a456-426614174000", true],
  ["guid", "00000000-0000-0000-0000-000000000000", true],
  ["guid", "123e4567e89b12d3a456426614174000", false],
  ["hostname", "example.com.", true],
  ["hostname", "-bad.com", false],
  ["hostname", `${"x".repeat(63)}.com`, true],
  ["hostname", `${"x".repeat(64)}.com`, false],
  ["hostname", "a..b", false],
  ["ipv4", "255.255.255.255", true],
  ["ipv4", "01.1.1.1", false],
  ["ipv4", "256.1.1.1", false],
  ["ipv6", "::ffff:127.0.0.1", true],
  ["ipv6", "1::2::3", false],
  ["ipv6", "::1\n", false],
  ["ipv6", "fe80::1%eth0", false],
  ["date", "2024-02-29", true],
  ["date", "2023-02-29", false],
  ["date", "1900-02-29", false],
  ["date", "2000-02-29", true],
  ["date", "2024-04-31", false],
  ["datetime", "2024-01-01T00:00:00.123Z", true],
  ["datetime", "2024-01-01T00:00:00+01:00", false],
  ["datetime", "2024-01-01T00:00Z", false],
  ["datetime (offset)", "2024-01-01T00:00:00+01:00", true],
  ["datetime (offset)", "2024-01-01T00:00:00+24:00", false],
  ["datetime (offset)", "2024-01-01T24:00:00Z", false],
  ["duration", "P1W", true],
  ["duration", "P1W1D", false],
  ["duration", "PT1,5S", true],
  ["duration", "P1.5D", false],
  ["duration", "P1DT", false],
  ["duration", "P", false],
  ["url", " https://example.com ", true],
  ["url", "mailto:a@b.co", true],
  ["url", "not a url", false],
  ["url", "//x", false],
];

describe("the kit's string formats", () => {
  it.each(TABLE)("%s: %j → %s, as zod says", (format, given, want) => {
    const build = FORMATS[format] as (z: GeneratedZod) => GeneratedSchema;
    expect(build(zod).safeParse(given).success).toBe(want);
    expect(build(kit).safeParse(given).success).toBe(want);
  });

  it.each(Object.keys(FORMATS))("%s agrees with zod on every format's edge strings", (format) => {
    const build = FORMATS[format] as (z: GeneratedZod) => GeneratedSchema;
    const ours = build(kit);
    const theirs = build(zod);
    const disagree = FORMAT_STRINGS.filter(
      (given) => ours.safeParse(given).success !== theirs.safeParse(given).success,
    );
    expect(disagree).toEqual([]);
  });

  it("gives `url` the trimmed text without tabs and line breaks, as zod does", () => {
    expect((kit.url().safeParse(" https://exa\nmple.com ") as { data?: unknown }).data).toBe(
      "https://example.com",
    );
    expect((zod.url().safeParse(" https://exa\nmple.com ") as { data?: unknown }).data).toBe(
      "https://example.com",
    );
  });
});
