/**
 * Every way server text reaches a comment in generated code, judged by TypeScript's own parser:
 * prose through `jsDocText`, server text spliced into a line of ours (`Calls the MCP tool "…".`),
 * schema annotations through `renderJsDoc`, and the provenance line comment. All of them use the
 * one character table in templates/escape.ts. Whatever the text, the comment ends where we end
 * it, carries no tag and no `{@link}` we did not write, and no invisible, bidi or line-separator
 * character raw; and the file around it compiles.
 */
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { describedLines } from "../../templates/docs.js";
import {
  escapeInvisible,
  jsDocBlock,
  jsDocInline,
  jsDocText,
  lineComment,
  stringLiteral,
} from "../../templates/escape.js";
import { generateFiles } from "../../templates/generate.js";
import { renderJsDoc } from "../../templates/schema/emit/jsdoc.js";
import { stringLiteral as schemaStringLiteral } from "../../templates/schema/emit/literals.js";
import { createSnapshot } from "../../templates/snapshot.js";

/**
 * What must never be raw in generated code, written out here independently of the table under
 * test: controls but tab and newline, C1 (NEL included), bidi controls and isolates, line and
 * paragraph separators, zero-width space, Arabic letter mark, BOM, interlinear annotation
 * characters, tag characters, lone surrogates.
 */
const RAW_HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}\ud800-\udfff]/u;

interface CommentFacts {
  /** Names of the JSDoc tags TypeScript sees on the declaration after the comment. */
  tags: string[];
  /** `{@link}`, `{@linkcode}` and `{@linkplain}` nodes TypeScript sees. */
  links: number;
  statements: number;
  syntaxErrors: number;
}

/** Parses `comment` in front of a declaration, as generated files place it. */
function facts(comment: string): CommentFacts {
  const source = `${comment}\nexport const x = 1;\n`;
  const file = ts.createSourceFile("doc.ts", source, ts.ScriptTarget.Latest, true);
  const result: CommentFacts = {
    tags: [],
    links: 0,
    statements: file.statements.length,
    syntaxErrors: 0,
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJSDocLink(node) || ts.isJSDocLinkCode(node) || ts.isJSDocLinkPlain(node)) {
      result.links += 1;
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) {
    for (const doc of (statement as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []) visit(doc);
    result.tags.push(...ts.getJSDocTags(statement).map((tag) => tag.tagName.text));
  }
  const { diagnostics = [] } = ts.transpileModule(source, { reportDiagnostics: true });
  result.syntaxErrors = diagnostics.length;
  return result;
}

/** The assertions every doc path must meet for any text. */
function expectSafe(comment: string, tags: readonly string[]): void {
  const parsed = facts(comment);
  expect(parsed.syntaxErrors).toBe(0);
  expect(parsed.statements).toBe(1);
  expect(parsed.tags).toEqual(tags);
  expect(parsed.links).toBe(0);
  expect(comment.indexOf("*/")).toBe(comment.length - 2);
  expect(comment).not.toMatch(RAW_HIDDEN);
}

/** Text written to start tags, close comments and hide characters, mixed with anything. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "@deprecated ",
      "@param x ",
      "{@link https://example.invalid}",
      "{@linkcode X}",
      " @",
      "{@",
      "*/",
      "/*",
      "\n",
      "\r",
      "\u0085",
      "\u2028",
      "\u2029",
      "\u061c",
      "\u200b",
      "\ufff9",
      "\u202e",
      "\u2066",
      "\u{e0041}",
      "\ud800",
      "\t",
      "\\",
      "`",
      '"',
    ),
    fc.string({ unit: "binary", maxLength: 2 }),
  ),
  maxLength: 12,
});

describe("the one character table", () => {
  // Given a character, want it escaped the same way in a string literal, a JSDoc line, a schema
  // tag value, a line comment and the snapshot's JSON.
  it.each([
    ["U+061C arabic letter mark", "\u061c", "\\u061c"],
    ["U+0085 next line", "\u0085", "\\u0085"],
    ["U+200B zero-width space", "\u200b", "\\u200b"],
    ["U+FFF9 interlinear annotation anchor", "\ufff9", "\\ufff9"],
    ["U+202E right-to-left override", "\u202e", "\\u202e"],
    ["U+2066 left-to-right isolate", "\u2066", "\\u2066"],
    ["U+00AD soft hyphen", "\u00ad", "\\u00ad"],
    ["U+3164 hangul filler", "\u3164", "\\u3164"],
    ["U+E0041 tag latin capital A", "\u{e0041}", "\\udb40\\udc41"],
    ["U+FEFF byte order mark", "\ufeff", "\\ufeff"],
    ["U+007F delete", "\u007f", "\\u007f"],
  ])("%s", (_name, char, want) => {
    const text = `a${char}b`;
    expect(stringLiteral(text)).toBe(`"a${want}b"`);
    expect(schemaStringLiteral(text)).toBe(`"a${want}b"`);
    expect(escapeInvisible(JSON.stringify(text))).toBe(`"a${want}b"`);
    expect(jsDocInline(text)).toBe(`a${want}b`);
    expect(lineComment(text)).toBe(`// a${char === "\u0085" ? " " : want}b`);
    expect(jsDocText(text)).toEqual(char === "\u0085" ? ["a", "b"] : [`a${want}b`]);
    expect(JSON.parse(escapeInvisible(JSON.stringify(text)))).toBe(text);
  });

  // Joiners are Default_Ignorable_Code_Points: shown, not hidden, even where a script or an
  // emoji sequence uses them (the text stays readable, only not joined).
  it.each([
    ["zero-width joiner in an emoji", "👨\u200d👩", "👨\\u200d👩"],
    ["zero-width non-joiner in Persian", "می\u200cخواهم", "می\\u200cخواهم"],
  ])("shows a %s", (_name, text, want) => {
    expect(stringLiteral(text)).toBe(`"${want}"`);
    expect(jsDocInline(text)).toBe(want);
  });

  it.each([
    ["a plain surrogate pair", "😀"],
    ["no-break space", "a\u00a0b"],
  ])("leaves %s readable", (_name, text) => {
    expect(stringLiteral(text)).toBe(`"${text}"`);
    expect(jsDocInline(text)).toBe(text);
  });
});

describe("every doc path, for any text", () => {
  const paths: ReadonlyArray<{ name: string; render: (text: string) => string; tags: string[] }> = [
    {
      name: "jsDocText in a block",
      render: (t) => jsDocBlock(["Intro.", ...jsDocText(t)]),
      tags: [],
    },
    {
      name: "title and description",
      render: (t) => jsDocBlock(["Intro.", ...describedLines(t, `${t}.`)]),
      tags: [],
    },
    {
      name: "a name spliced into a line of ours, then our tags",
      render: (t) =>
        jsDocBlock([
          `Calls the MCP tool ${stringLiteral(t)}.`,
          `@remarks Server hints (untrusted): ${t}`,
          `@param client - ${stringLiteral(t)}`,
        ]),
      tags: ["remarks", "param"],
    },
    {
      name: "schema annotations and notes",
      render: (t) =>
        renderJsDoc(
          {
            title: `T ${t}`,
            description: t,
            format: t,
            default: { value: t },
            examples: [t, { [t]: [t] }],
            deprecated: false,
            constraints: [["pattern", t]],
          },
          [t],
        ),
      tags: ["format", "pattern", "default", "example", "example"],
    },
  ];

  it.each(paths)("$name", ({ render, tags }) => {
    fc.assert(
      fc.property(hostileText, (text) => expectSafe(render(text), tags)),
      { numRuns: 100 },
    );
  });

  it("a line comment stays one line with nothing hidden", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const comment = lineComment(text);
        expect(comment).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
        expect(comment).not.toMatch(RAW_HIDDEN);
        expect(facts(comment).syntaxErrors).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  // The cases: a name that held `@deprecated` or `{@link}` became a real tag.
  it.each([
    ["@deprecated use x", "Calls the MCP tool"],
    ["{@link https://example.invalid}", "Calls the MCP tool"],
    ["a\u2028@deprecated", "Calls the MCP tool"],
  ])("name %j spliced into our line adds no tag", (name, lead) => {
    expectSafe(jsDocBlock([`${lead} ${stringLiteral(name)}.`]), []);
  });
});

describe("generated files", () => {
  const names = [
    "@deprecated use another",
    "{@link https://example.invalid/x}",
    "x */ y",
    "see @param and {@linkcode Z}",
    "\u061c\u0085\u200b\ufff9 name",
  ];

  it("carry no tag or link a server's names or texts wrote, and no hidden character raw", async () => {
    const snapshot = createSnapshot({
      name: "hostile",
      server: { name: "hostile", version: "1.0.0" },
      protocolVersion: "2026-07-28",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {}, prompts: {} },
      clientCapabilities: {},
      tools: names.map((name) => ({
        name,
        title: name,
        description: name,
        inputSchema: {
          type: "object",
          properties: { [name]: { type: "string", description: name, format: name } },
        },
      })),
      prompts: names.map((name) => ({
        name,
        description: name,
        arguments: [{ name, description: name }],
      })),
      resources: [],
      resourceTemplates: [],
    });
    const files = await generateFiles(snapshot, { generatorVersion: "0.0.0-test" });
    const ours = new Set(["param", "remarks", "format"]);
    for (const file of files.filter((f) => f.path.endsWith(".ts"))) {
      const source = ts.createSourceFile(file.path, file.content, ts.ScriptTarget.Latest, true);
      const seen: string[] = [];
      let links = 0;
      const visit = (node: ts.Node): void => {
        if (ts.isJSDocLink(node) || ts.isJSDocLinkCode(node) || ts.isJSDocLinkPlain(node))
          links += 1;
        if (ts.isJSDoc(node)) for (const tag of node.tags ?? []) seen.push(tag.tagName.text);
        for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []) visit(doc);
        ts.forEachChild(node, visit);
      };
      visit(source);
      expect(
        seen.filter((tag) => !ours.has(tag)),
        file.path,
      ).toEqual([]);
      expect(links, file.path).toBe(0);
      expect(file.content, file.path).not.toMatch(RAW_HIDDEN);
    }
  }, 60_000);
});
