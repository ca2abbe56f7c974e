import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCamelCase, toKebabFileName, toPascalCase } from "../../templates/naming.js";
import { expectUsableIdentifier, FILE_NAME } from "./naming-helpers.js";

const HASHED = /_[0-9a-f]{6}$/;

describe("toCamelCase", () => {
  const table: readonly (readonly [string, string])[] = [
    ["get_weather", "getWeather"],
    ["get.weather", "getWeather"],
    ["get-weather", "getWeather"],
    ["get/weather", "getWeather"],
    ["get weather", "getWeather"],
    ["  get__weather--", "getWeather"],
    ["getWeather", "getWeather"],
    ["GetWeather", "getWeather"],
    ["GET_WEATHER", "getWeather"],
    ["getHTTPResponse", "getHttpResponse"],
    ["HTTPServer", "httpServer"],
    ["XMLHttpRequest", "xmlHttpRequest"],
    ["s3_bucket", "s3Bucket"],
    ["OAuth2Token", "oAuth2Token"],
    ["get2FA", "get2fa"],
    ["v2Data", "v2Data"],
    ["2fa", "_2fa"],
    ["2FA", "_2fa"],
    ["123", "_123"],
    ["github.repos/list-issues", "githubReposListIssues"],
    ["café", "cafe"],
    ["Straße", "strasse"],
    ["naïve_user", "naiveUser"],
    ["Ørsted", "orsted"],
    ["ﬁle", "file"],
    ["ｆｕｌｌ ｗｉｄｔｈ", "fullWidth"],
    ["天気get", "get"],
    ["get天気weather", "getWeather"],
    ["class", "class_"],
    ["delete", "delete_"],
    ["default", "default_"],
    ["await", "await_"],
    ["yield", "yield_"],
    ["let", "let_"],
    ["static", "static_"],
    ["implements", "implements_"],
    ["interface", "interface_"],
    ["package", "package_"],
    ["private", "private_"],
    ["protected", "protected_"],
    ["public", "public_"],
    ["enum", "enum_"],
    ["arguments", "arguments_"],
    ["eval", "eval_"],
    ["undefined", "undefined_"],
    ["string", "string_"],
    ["then", "then_"],
    ["Then", "then_"],
    ["THEN", "then_"],
    ["constructor", "constructor_"],
    ["to_string", "toString_"],
    ["valueOf", "valueOf_"],
    ["hasOwnProperty", "hasOwnProperty_"],
    ["toJSON", "toJson"],
    ["__proto__", "proto"],
    ["class_", "class_"],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(toCamelCase(given)).toBe(want);
    expectUsableIdentifier(want);
  });
});

describe("toPascalCase", () => {
  const table: readonly (readonly [string, string])[] = [
    ["get_weather", "GetWeather"],
    ["getHTTPResponse", "GetHttpResponse"],
    ["list-issues.v2", "ListIssuesV2"],
    ["2fa", "_2fa"],
    ["string", "String_"],
    ["number", "Number_"],
    ["record", "Record_"],
    ["partial", "Partial_"],
    ["promise", "Promise_"],
    ["Array", "Array_"],
    ["then", "Then"],
    ["class", "Class"],
    ["any", "Any"],
    ["crème brûlée", "CremeBrulee"],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(toPascalCase(given)).toBe(want);
    expectUsableIdentifier(want);
  });
});

describe("toKebabFileName", () => {
  const table: readonly (readonly [string, string])[] = [
    ["get.weather", "get-weather"],
    ["getHTTPResponse", "get-http-response"],
    ["Get Weather", "get-weather"],
    ["github/repos/list", "github-repos-list"],
    ["2fa", "2fa"],
    ["class", "class"],
    ["CON", "con_"],
    ["nul", "nul_"],
    ["lpt1", "lpt1_"],
    ["com9", "com9_"],
    ["index", "index_"],
    ["../../etc/passwd", "etc-passwd"],
    ["C:\\Windows\\system32", "c-windows-system32"],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(toKebabFileName(given)).toBe(want);
    expect(want).toMatch(FILE_NAME);
  });
});

describe("names without usable characters", () => {
  // Pinned: changing the hash would rename generated code for every such server.
  const table: readonly (readonly [string, string])[] = [
    ["日本語", "unnamed_540637"],
    ["", "unnamed_811c9d"],
  ];
  it.each(table)("%j → %s in every style", (given, want) => {
    expect(toCamelCase(given)).toBe(want);
    expect(toKebabFileName(given)).toBe(want);
    expect(toPascalCase(given)).toBe(want);
  });

  it("gives different unusable names different fallbacks", () => {
    const names = ["日本語", "中文", "---", "🙂", "\ud800"].map(toCamelCase);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^unnamed_[0-9a-f]{6}$/);
  });
});

describe("length cap", () => {
  it("keeps a 64-character name and cuts a longer one to 64 with a hash", () => {
    expect(toCamelCase("a".repeat(64))).toBe("a".repeat(64));
    const cut = toCamelCase("a".repeat(65));
    expect(cut).toHaveLength(64);
    expect(cut).toMatch(/^a{57}_[0-9a-f]{6}$/);
  });

  it("keeps long names that share a prefix apart", () => {
    const prefix = "x".repeat(200);
    for (const convert of [toCamelCase, toPascalCase, toKebabFileName]) {
      const first = convert(`${prefix}_first`);
      const second = convert(`${prefix}_second`);
      expect(first).not.toBe(second);
      expect(first).toHaveLength(64);
      expect(first).toMatch(HASHED);
    }
  });

  it("does not leave a dangling dash in a cut file name", () => {
    const name = toKebabFileName("ab-".repeat(40));
    expect(name).not.toMatch(/-_/);
    expect(name).toMatch(FILE_NAME);
  });

  it("keeps a leading-digit prefix when cutting", () => {
    expect(toCamelCase(`9${"z".repeat(100)}`)).toMatch(/^_9z+_[0-9a-f]{6}$/);
  });
});

describe("splitWords' ASCII shortcut", () => {
  // splitWords skips NFKD, mark removal and transliteration for ASCII names: that is only the
  // same if every ASCII string is its own NFKD form, without marks, and no transliterated
  // character is ASCII.
  it("changes nothing an ASCII name would have gone through", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) }),
        (name) => {
          expect(name.normalize("NFKD").replace(/\p{M}/gu, "")).toBe(name);
        },
      ),
    );
    expect(toKebabFileName("ßtraße Æon")).toBe("sstrasse-a-eon");
  });
});
