import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { assignNames, toCamelCase, toKebabFileName, toPascalCase } from "../../templates/naming.js";
import type { NameStyle } from "../../templates/naming.js";
import { expectUsableIdentifier, FILE_NAME, keysOf, MUST_NOT_PRODUCE } from "./naming-helpers.js";

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
