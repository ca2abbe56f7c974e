import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { assignNames, toCamelCase, toKebabFileName, toPascalCase } from "../../templates/naming.js";
import type { NameStyle } from "../../templates/naming.js";

// Independent of the module's own lists: what the brief and the languages say must never be
// produced as an identifier.
const MUST_NOT_PRODUCE = new Set(
  `break case catch class const continue debugger default delete do else enum export extends
  false finally for function if import in instanceof new null return super switch this throw true
  try typeof var void while with implements interface let package private protected public static
  yield await arguments eval undefined NaN Infinity any unknown never object symbol string number
  boolean bigint Record Partial Promise String Number Boolean Object Symbol BigInt Array Map Set
  Date Error Function Required Readonly Pick Omit Exclude Extract ReturnType Parameters Awaited
  then constructor __proto__ prototype toJSON toString valueOf hasOwnProperty isPrototypeOf
  propertyIsEnumerable toLocaleString __defineGetter__ __defineSetter__ __lookupGetter__
  __lookupSetter__`.split(/\s+/),
);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FILE_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const HASHED = /_[0-9a-f]{6}$/;

/** Fails unless TypeScript's scanner sees one identifier that no strict module reserves. */
function expectUsableIdentifier(name: string): void {
  expect(name).toMatch(IDENTIFIER);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);
  scanner.setText(name);
  const token = scanner.scan();
  expect(scanner.getTextPos()).toBe(name.length);
  if (token !== ts.SyntaxKind.Identifier) {
    // Contextual keywords (`type`, `get`…) are fine as names; reserved ones are not.
    const reserved =
      (token >= ts.SyntaxKind.FirstReservedWord && token <= ts.SyntaxKind.LastReservedWord) ||
      (token >= ts.SyntaxKind.FirstFutureReservedWord &&
        token <= ts.SyntaxKind.LastFutureReservedWord);
    expect(reserved).toBe(false);
  }
  expect(MUST_NOT_PRODUCE.has(name)).toBe(false);
  expect(name.length).toBeLessThanOrEqual(64);
}

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

function keysOf(...keys: string[]): { key: string }[] {
  return keys.map((key) => ({ key }));
}

describe("assignNames", () => {
  const table: readonly (readonly [string, NameStyle, string[], Record<string, string>])[] = [
    ["no collisions", "camel", ["b", "a"], { a: "a", b: "b" }],
    [
      "the exactly spelled key keeps the base name",
      "camel",
      ["get_weather", "getWeather", "get.weather"],
      {
        "get.weather": "getWeather_f32dc2",
        getWeather: "getWeather",
        get_weather: "getWeather_f98b7c",
      },
    ],
    [
      "without an exact key the smallest key keeps it",
      "camel",
      ["get_weather", "get.weather"],
      { "get.weather": "getWeather", get_weather: "getWeather_f98b7c" },
    ],
    ["duplicates give one entry", "camel", ["a.b", "a.b"], { "a.b": "aB" }],
    [
      "identifiers differing only in case collide; the exact spelling wins",
      "camel",
      ["getHTTP", "get_http", "gethttp"],
      { getHTTP: "getHttp_3bb343", get_http: "getHttp_662b0a", gethttp: "gethttp" },
    ],
    [
      "file names are unique ignoring case",
      "kebab",
      ["Report", "report", "REPORT"],
      { REPORT: "report_632f1a", Report: "report_4681fa", report: "report" },
    ],
    [
      "a reserved word and its escaped spelling",
      "camel",
      ["class", "class_"],
      { class: "class__ab3e0b", class_: "class_" },
    ],
  ];
  it.each(table)("%s", (_label, style, keys, want) => {
    const names = assignNames(keysOf(...keys), style);
    expect(Object.fromEntries(names)).toEqual(want);
  });

  it("returns entries sorted by key in code-unit order", () => {
    const names = assignNames(keysOf("b", "B", "a", "é", "Z"), "camel");
    expect([...names.keys()]).toEqual(["B", "Z", "a", "b", "é"]);
  });

  it("never produces a name from options.reserved, whatever its case", () => {
    const names = assignNames(keysOf("call_tool", "close", "z"), "camel", {
      reserved: ["callTool", "Close", "z_"],
    });
    expect(Object.fromEntries(names)).toEqual({
      call_tool: "callTool_",
      close: "close_27cb3b",
      z: "z",
    });
  });
});

// Few characters, so that generated keys collide often.
const collidingKey = fc.string({
  unit: fc.constantFrom("a", "b", "A", "B", "_", "-", ".", " ", "1", "é", "日", "ß", "x"),
  maxLength: 6,
});
const anyKey = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(...MUST_NOT_PRODUCE),
  fc
    .tuple(fc.constantFrom(...MUST_NOT_PRODUCE), fc.constantFrom("", "_", ".", "-", " "))
    .map(([word, separator]) => `${separator}${word.toUpperCase()}${separator}`),
  collidingKey,
);
const styles = fc.constantFrom<NameStyle>("camel", "pascal", "kebab");

describe("naming properties", () => {
  it("always gives a usable identifier or file name", () => {
    fc.assert(
      fc.property(anyKey, (key) => {
        expectUsableIdentifier(toCamelCase(key));
        expectUsableIdentifier(toPascalCase(key));
        expect(toKebabFileName(key)).toMatch(FILE_NAME);
        expect(toKebabFileName(key).length).toBeLessThanOrEqual(64);
      }),
      { numRuns: 500 },
    );
  });

  it("assignNames is injective ignoring case and gives usable names", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(collidingKey, anyKey), { maxLength: 40 }),
        styles,
        (keys, style) => {
          const names = assignNames(keysOf(...keys), style);
          expect(names.size).toBe(new Set(keys).size);
          const folded = [...names.values()].map((name) => name.toLowerCase());
          expect(new Set(folded).size).toBe(folded.length);
          for (const name of names.values()) {
            if (style === "kebab") expect(name).toMatch(FILE_NAME);
            else expectUsableIdentifier(name);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("assignNames does not depend on the order of its input", () => {
    const permuted = fc
      .array(collidingKey, { maxLength: 30 })
      .chain((keys) =>
        fc.tuple(fc.constant(keys), fc.shuffledSubarray(keys, { minLength: keys.length })),
      );
    fc.assert(
      fc.property(permuted, styles, ([keys, shuffled], style) => {
        const first = [...assignNames(keysOf(...keys), style)];
        const second = [...assignNames(keysOf(...shuffled), style)];
        expect(second).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it("adding a key renames at most one existing key, and only one it collides with", () => {
    fc.assert(
      fc.property(
        fc.array(collidingKey, { maxLength: 30 }),
        collidingKey,
        styles,
        (keys, added, style) => {
          const before = assignNames(keysOf(...keys), style);
          const after = assignNames(keysOf(...keys, added), style);
          const renamed = [...before].filter(([key, name]) => after.get(key) !== name);
          expect(renamed.length).toBeLessThanOrEqual(1);
          const base = (key: string): string =>
            [...assignNames(keysOf(key), style).values()].join().toLowerCase();
          for (const [key] of renamed) expect(base(key)).toBe(base(added));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("generated declarations compile", () => {
  it("as functions, type aliases and object keys under tsc --strict", () => {
    const raw = [
      ...MUST_NOT_PRODUCE,
      "2fa",
      "2FA",
      "日本語",
      "中文",
      "get weather",
      "get_weather",
      "getWeather",
      "x".repeat(300),
      "con",
      "\ud800",
      "a*/b",
    ];
    // The emitter reserves its own top-level names the same way.
    const camel = assignNames(keysOf(...raw), "camel", { reserved: ["tools", "probe"] });
    const pascal = assignNames(keysOf(...raw), "pascal");
    const source = [
      ...[...camel.values()].map((name) => `export function ${name}(): void {}`),
      ...[...pascal.values()].map((name) => `export type ${name} = number;`),
      `export const tools = { ${[...camel.values()].map((name) => `${name}: 1`).join(", ")} };`,
      `export async function probe(): Promise<number> { return (await tools).then_; }`,
    ].join("\n");
    expect(compileErrors(source)).toEqual([]);
  });
});

function compileErrors(source: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2022.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version) =>
    fileName === "/generated.ts"
      ? ts.createSourceFile(fileName, source, version)
      : readSource(fileName, version);
  const program = ts.createProgram(["/generated.ts"], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}
