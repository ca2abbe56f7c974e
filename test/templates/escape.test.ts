import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { jsDocBlock, jsDocText, lineComment, stringLiteral } from "../../templates/escape.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const HOSTILE: readonly string[] = [
  "",
  "plain",
  "*/ alert(1) /*",
  "*/\nalert(1)\n/*",
  "**/",
  "\\*/",
  '"; alert(1); "',
  "'; alert(1); '",
  "${alert(1)}",
  "`${alert(1)}`",
  "\\",
  "\\u0041",
  "a\u2028b\u2029c",
  "line\r\nbreaks\rand\nmore",
  "\u0000null\u0000",
  "\ud800",
  "\udfff",
  "a\ud83db",
  "emoji 😀 and 👨‍👩‍👧",
  "bidi \u202e}\u2066 tricks",
  "\ufeffBOM",
  "// comment",
  "/* block */",
  "</script><script>alert(1)</script>",
  "@deprecated",
  "x\n@type {string}",
  "see @param and {@link evil}",
  "\u0085NEL",
  "*@deprecated",
  "x\n\u00a0@deprecated",
];

/** Parses `source` as a module: its statements, and the syntax errors TypeScript reports. */
function parse(source: string): { file: ts.SourceFile; errors: readonly ts.Diagnostic[] } {
  const file = ts.createSourceFile("generated.ts", source, ts.ScriptTarget.Latest, true);
  const { diagnostics = [] } = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return { file, errors: diagnostics };
}

/** Compiles `source` to CommonJS and runs it, returning its exports. */
function evaluate(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exports: Record<string, unknown> = {};
  new Function("exports", outputText)(exports);
  return exports;
}

describe("stringLiteral", () => {
  const table: readonly (readonly [string, string])[] = [
    ["plain", '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["back\\slash", '"back\\\\slash"'],
    ["${x} `y`", '"${x} `y`"'],
    ["a\nb\tc", '"a\\nb\\tc"'],
    ["\u0000", '"\\u0000"'],
    ["a\u2028b\u2029c", '"a\\u2028b\\u2029c"'],
    ["\ud800", '"\\ud800"'],
    ["😀", '"😀"'],
    ["Oslo – Øst", '"Oslo – Øst"'],
    ["\u202e", '"\\u202e"'],
    ["\u007f\u0085", '"\\u007f\\u0085"'],
    ["\ufeff", '"\\ufeff"'],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(stringLiteral(given)).toBe(want);
  });

  it.each(HOSTILE)("round-trips %j through the compiler as one statement", (value) => {
    const source = `export const value = ${stringLiteral(value)};`;
    expect(LONE_SURROGATE.test(source)).toBe(false);
    expect(source).not.toMatch(/[\n\r\u2028\u2029]/);
    const { file, errors } = parse(source);
    expect(errors).toEqual([]);
    expect(file.statements).toHaveLength(1);
    const [declaration] = (file.statements[0] as ts.VariableStatement).declarationList.declarations;
    const initializer = declaration?.initializer;
    expect(initializer !== undefined && ts.isStringLiteral(initializer)).toBe(true);
    expect((initializer as ts.StringLiteral).text).toBe(value);
    expect(evaluate(source)).toEqual({ value });
  });

  it("round-trips a 1 MB string", () => {
    const value = '*/\u2028`${}`\ud800"\\'.repeat(100_000).slice(0, 1_000_000);
    const source = `export const value = ${stringLiteral(value)};`;
    expect(parse(source).file.statements).toHaveLength(1);
    expect(evaluate(source)).toEqual({ value });
  });

  it("round-trips any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (value) => {
        const source = `export const value = ${stringLiteral(value)};`;
        expect(LONE_SURROGATE.test(source)).toBe(false);
        const { file } = parse(source);
        expect(file.statements).toHaveLength(1);
        expect(evaluate(source)).toEqual({ value });
      }),
      { numRuns: 200 },
    );
  });
});

describe("jsDocText", () => {
  const table: readonly (readonly [string, string, string[]])[] = [
    ["empty", "", []],
    ["blank", " \n\t\n ", []],
    ["one line", "Gets the weather.", ["Gets the weather."]],
    ["comment close", "*/ alert(1) /*", ["*\\/ alert(1) /*"]],
    ["double star close", "**/", ["**\\/"]],
    [
      "CRLF, CR, U+2028, U+2029, NEL",
      "a\r\nb\rc\u2028d\u2029e\u0085f",
      ["a", "b", "c", "d", "e", "f"],
    ],
    ["outer blank lines dropped", "\n\na\n\nb  \n\n", ["a", "", "b"]],
    ["tag at line start", "x\n@deprecated", ["x", "\\@deprecated"]],
    ["indented tag", "  @type {string}", ["  \\@type {string}"]],
    ["tag after a space", "see @param", ["see \\@param"]],
    ["inline tag", "{@link evil}", ["{\\@link evil}"]],
    ["email untouched", "mail a@b.com", ["mail a@b.com"]],
    ["controls shown", "a\u0000b\u001bc\u007f", ["a\\u0000b\\u001bc\\u007f"]],
    ["tab kept", "a\tb", ["a\tb"]],
    ["bidi shown", "a\u202eb\u2066c", ["a\\u202eb\\u2066c"]],
    ["lone surrogates shown", "a\ud800b\udc00", ["a\\ud800b\\udc00"]],
    ["emoji kept, joiners shown", "😀 👨\u200d👩", ["😀 👨\\u200d👩"]],
    ["backticks and ${} untouched", "`${x}`", ["`${x}`"]],
  ];
  it.each(table)("%s", (_label, given, want) => {
    expect(jsDocText(given)).toEqual(want);
  });

  it("cuts long text at maxLength and marks the cut", () => {
    expect(jsDocText("abcdef", { maxLength: 3 })).toEqual(["abc…"]);
    expect(jsDocText("abc", { maxLength: 3 })).toEqual(["abc"]);
    // Never half a surrogate pair.
    expect(jsDocText("a😀", { maxLength: 2 })).toEqual(["a…"]);
    const long = jsDocText("word ".repeat(1_000_000));
    expect(long.join("\n").length).toBeLessThanOrEqual(10_001);
  });
});

describe("jsDocBlock", () => {
  const table: readonly (readonly [string, string[], string])[] = [
    ["no lines", [], ""],
    ["one line", ["Hello."], "/**\n * Hello.\n */"],
    ["empty line", ["a", "", "@deprecated"], "/**\n * a\n *\n * @deprecated\n */"],
    ["breakout in a trusted line", ["@param x */ evil()"], "/**\n * @param x *\\/ evil()\n */"],
    ["line break inside a line", ["a\nb\u2028c"], "/**\n * a\n * b\n * c\n */"],
    ["control inside a line", ["a\u0000"], "/**\n * a\\u0000\n */"],
  ];
  it.each(table)("%s", (_label, given, want) => {
    expect(jsDocBlock(given)).toBe(want);
  });
});

/** The block comment above `value`, as TypeScript reads it: its text and its tags. */
function readJsDoc(source: string): { statements: number; comment: string; tags: string[] } {
  const { file, errors } = parse(source);
  expect(errors).toEqual([]);
  const statement = file.statements[0] as ts.VariableStatement;
  const [declaration] = statement.declarationList.declarations;
  if (declaration === undefined) throw new Error("no declaration");
  const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
  return {
    statements: file.statements.length,
    comment: docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "").join("\n"),
    tags: ts.getJSDocTags(declaration).map((tag) => tag.tagName.text),
  };
}

// What a reader gets back: the text with our two escapes undone and line breaks normalised.
function readable(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .replaceAll("*\\/", "*/")
    .replaceAll("\\@", "@");
}

describe("jsDocText in a block, compiled", () => {
  // Texts the reader gets back verbatim: no characters shown as `\uXXXX`, no backslashes
  // (which would make the `\@` escape ambiguous).
  const prose = HOSTILE.filter(
    (text) => !text.includes("\u0000") && !/[\ud800-\udfff\u202e\ufeff\\]/.test(text),
  );
  it.each(prose)("%j stays one comment with only the caller's tags", (text) => {
    const block = jsDocBlock([...jsDocText(text), "", "@deprecated Use other."]);
    const source = `${block}\nexport const value = 1;`;
    const read = readJsDoc(source);
    expect(read.statements).toBe(1);
    expect(read.tags).toEqual(["deprecated"]);
    expect(readable(read.comment)).toBe(
      readable(text)
        .trim()
        .replace(/[ \t]+$/gm, ""),
    );
    expect(evaluate(source)).toEqual({ value: 1 });
  });

  it.each(HOSTILE)("%j inside a caller's @param tag injects no tag", (text) => {
    const [first = "", ...rest] = jsDocText(text);
    const block = jsDocBlock([`@param value - ${first}`, ...rest, "@deprecated Use other."]);
    const source = `${block}\nexport const value = 1;`;
    const read = readJsDoc(source);
    expect(read.statements).toBe(1);
    expect(read.tags).toEqual(["param", "deprecated"]);
    expect(LONE_SURROGATE.test(source)).toBe(false);
  });

  it("never lets any text out of the comment or add a tag", () => {
    const hostileUnit = fc.constantFrom(..."@*/ \n\r\u2028{}`\\a\ud800\u00a0");
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({ unit: hostileUnit, maxLength: 40 }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const block = jsDocBlock([...jsDocText(text), "@since 1"]);
        const source = `${block}\nexport const value = 1;`;
        const read = readJsDoc(source);
        expect(read.statements).toBe(1);
        expect(read.tags).toEqual(["since"]);
        expect(LONE_SURROGATE.test(source)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a 1 MB hostile description to one bounded comment", () => {
    const text = "*/ @x \u2028".repeat(125_000);
    const source = `${jsDocBlock(jsDocText(text))}\nexport const value = 1;`;
    expect(source.length).toBeLessThan(20_000);
    expect(readJsDoc(source)).toMatchObject({ statements: 1, tags: [] });
  });
});

describe("lineComment", () => {
  const table: readonly (readonly [string, string])[] = [
    ["", "//"],
    ["generated by mcp-codegen", "// generated by mcp-codegen"],
    ["a\nb\r\nc\u2028d\u2029e", "// a b c d e"],
    ["*/ x /*", "// *\\/ x /*"],
    ["bidi\u202e", "// bidi\\u202e"],
    ["\ud800", "// \\ud800"],
    ["trailing  \n", "// trailing"],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(lineComment(given)).toBe(want);
  });

  it("cuts at maxLength", () => {
    expect(lineComment("x".repeat(300))).toBe(`// ${"x".repeat(200)}…`);
    expect(lineComment("abcdef", { maxLength: 2 })).toBe("// ab…");
  });

  it.each(HOSTILE)("%j stays a single comment line", (text) => {
    const comment = lineComment(text);
    expect(comment).not.toMatch(/[\n\r\u2028\u2029]/);
    const source = `${comment}\nexport const value = 1;`;
    const { file, errors } = parse(source);
    expect(errors).toEqual([]);
    expect(file.statements).toHaveLength(1);
    const ranges = ts.getLeadingCommentRanges(source, 0) ?? [];
    expect(ranges.map((range) => range.kind)).toEqual([ts.SyntaxKind.SingleLineCommentTrivia]);
    expect(evaluate(source)).toEqual({ value: 1 });
  });
});
