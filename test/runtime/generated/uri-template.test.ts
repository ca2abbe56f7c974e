import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import {
  compileUriTemplate,
  expandUriTemplate,
  parseUriTemplateVariables,
} from "../../../runtime/generated/uri-template.js";
import type { UriTemplateVariable } from "../../../runtime/generated/uri-template.js";

// The variable set RFC 6570 §3.2 uses for all of its example tables.
const RFC_VARIABLES = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};

// [section, template, want]: every example of RFC 6570 §3.2.1–§3.2.9.
const RFC_TABLE: readonly (readonly [string, string, string])[] = [
  ["3.2.1", "{count}", "one,two,three"],
  ["3.2.1", "{count*}", "one,two,three"],
  ["3.2.1", "{/count}", "/one,two,three"],
  ["3.2.1", "{/count*}", "/one/two/three"],
  ["3.2.1", "{;count}", ";count=one,two,three"],
  ["3.2.1", "{;count*}", ";count=one;count=two;count=three"],
  ["3.2.1", "{?count}", "?count=one,two,three"],
  ["3.2.1", "{?count*}", "?count=one&count=two&count=three"],
  ["3.2.1", "{&count*}", "&count=one&count=two&count=three"],
  ["3.2.2", "{var}", "value"],
  ["3.2.2", "{hello}", "Hello%20World%21"],
  ["3.2.2", "{half}", "50%25"],
  ["3.2.2", "O{empty}X", "OX"],
  ["3.2.2", "O{undef}X", "OX"],
  ["3.2.2", "{x,y}", "1024,768"],
  ["3.2.2", "{x,hello,y}", "1024,Hello%20World%21,768"],
  ["3.2.2", "?{x,empty}", "?1024,"],
  ["3.2.2", "?{x,undef}", "?1024"],
  ["3.2.2", "?{undef,y}", "?768"],
  ["3.2.2", "{var:3}", "val"],
  ["3.2.2", "{var:30}", "value"],
  ["3.2.2", "{list}", "red,green,blue"],
  ["3.2.2", "{list*}", "red,green,blue"],
  ["3.2.2", "{keys}", "semi,%3B,dot,.,comma,%2C"],
  ["3.2.2", "{keys*}", "semi=%3B,dot=.,comma=%2C"],
  ["3.2.3", "{+var}", "value"],
  ["3.2.3", "{+hello}", "Hello%20World!"],
  ["3.2.3", "{+half}", "50%25"],
  ["3.2.3", "{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
  ["3.2.3", "{+base}index", "http://example.com/home/index"],
  ["3.2.3", "O{+empty}X", "OX"],
  ["3.2.3", "O{+undef}X", "OX"],
  ["3.2.3", "{+path}/here", "/foo/bar/here"],
  ["3.2.3", "here?ref={+path}", "here?ref=/foo/bar"],
  ["3.2.3", "up{+path}{var}/here", "up/foo/barvalue/here"],
  ["3.2.3", "{+x,hello,y}", "1024,Hello%20World!,768"],
  ["3.2.3", "{+path,x}/here", "/foo/bar,1024/here"],
  ["3.2.3", "{+path:6}/here", "/foo/b/here"],
  ["3.2.3", "{+list}", "red,green,blue"],
  ["3.2.3", "{+list*}", "red,green,blue"],
  ["3.2.3", "{+keys}", "semi,;,dot,.,comma,,"],
  ["3.2.3", "{+keys*}", "semi=;,dot=.,comma=,"],
  ["3.2.4", "{#var}", "#value"],
  ["3.2.4", "{#hello}", "#Hello%20World!"],
  ["3.2.4", "{#half}", "#50%25"],
  ["3.2.4", "foo{#empty}", "foo#"],
  ["3.2.4", "foo{#undef}", "foo"],
  ["3.2.4", "{#x,hello,y}", "#1024,Hello%20World!,768"],
  ["3.2.4", "{#path,x}/here", "#/foo/bar,1024/here"],
  ["3.2.4", "{#path:6}/here", "#/foo/b/here"],
  ["3.2.4", "{#list}", "#red,green,blue"],
  ["3.2.4", "{#list*}", "#red,green,blue"],
  ["3.2.4", "{#keys}", "#semi,;,dot,.,comma,,"],
  ["3.2.4", "{#keys*}", "#semi=;,dot=.,comma=,"],
  ["3.2.5", "{.who}", ".fred"],
  ["3.2.5", "{.who,who}", ".fred.fred"],
  ["3.2.5", "{.half,who}", ".50%25.fred"],
  ["3.2.5", "www{.dom*}", "www.example.com"],
  ["3.2.5", "X{.var}", "X.value"],
  ["3.2.5", "X{.empty}", "X."],
  ["3.2.5", "X{.undef}", "X"],
  ["3.2.5", "X{.var:3}", "X.val"],
  ["3.2.5", "X{.list}", "X.red,green,blue"],
  ["3.2.5", "X{.list*}", "X.red.green.blue"],
  ["3.2.5", "X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
  ["3.2.5", "X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
  ["3.2.5", "X{.empty_keys}", "X"],
  ["3.2.5", "X{.empty_keys*}", "X"],
  ["3.2.6", "{/who}", "/fred"],
  ["3.2.6", "{/who,who}", "/fred/fred"],
  ["3.2.6", "{/half,who}", "/50%25/fred"],
  ["3.2.6", "{/who,dub}", "/fred/me%2Ftoo"],
  ["3.2.6", "{/var}", "/value"],
  ["3.2.6", "{/var,empty}", "/value/"],
  ["3.2.6", "{/var,undef}", "/value"],
  ["3.2.6", "{/var,x}/here", "/value/1024/here"],
  ["3.2.6", "{/var:1,var}", "/v/value"],
  ["3.2.6", "{/list}", "/red,green,blue"],
  ["3.2.6", "{/list*}", "/red/green/blue"],
  ["3.2.6", "{/list*,path:4}", "/red/green/blue/%2Ffoo"],
  ["3.2.6", "{/keys}", "/semi,%3B,dot,.,comma,%2C"],
  ["3.2.6", "{/keys*}", "/semi=%3B/dot=./comma=%2C"],
  ["3.2.7", "{;who}", ";who=fred"],
  ["3.2.7", "{;half}", ";half=50%25"],
  ["3.2.7", "{;empty}", ";empty"],
  ["3.2.7", "{;v,empty,who}", ";v=6;empty;who=fred"],
  ["3.2.7", "{;v,bar,who}", ";v=6;who=fred"],
  ["3.2.7", "{;x,y}", ";x=1024;y=768"],
  ["3.2.7", "{;x,y,empty}", ";x=1024;y=768;empty"],
  ["3.2.7", "{;x,y,undef}", ";x=1024;y=768"],
  ["3.2.7", "{;hello:5}", ";hello=Hello"],
  ["3.2.7", "{;list}", ";list=red,green,blue"],
  ["3.2.7", "{;list*}", ";list=red;list=green;list=blue"],
  ["3.2.7", "{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
  ["3.2.7", "{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
  ["3.2.8", "{?who}", "?who=fred"],
  ["3.2.8", "{?half}", "?half=50%25"],
  ["3.2.8", "{?x,y}", "?x=1024&y=768"],
  ["3.2.8", "{?x,y,empty}", "?x=1024&y=768&empty="],
  ["3.2.8", "{?x,y,undef}", "?x=1024&y=768"],
  ["3.2.8", "{?var:3}", "?var=val"],
  ["3.2.8", "{?list}", "?list=red,green,blue"],
  ["3.2.8", "{?list*}", "?list=red&list=green&list=blue"],
  ["3.2.8", "{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
  ["3.2.8", "{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
  ["3.2.9", "{&who}", "&who=fred"],
  ["3.2.9", "{&half}", "&half=50%25"],
  ["3.2.9", "?fixed=yes{&x}", "?fixed=yes&x=1024"],
  ["3.2.9", "{&x,y,empty}", "&x=1024&y=768&empty="],
  ["3.2.9", "{&var:3}", "&var=val"],
  ["3.2.9", "{&list}", "&list=red,green,blue"],
  ["3.2.9", "{&list*}", "&list=red&list=green&list=blue"],
  ["3.2.9", "{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
  ["3.2.9", "{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
];

describe("expandUriTemplate: RFC 6570 §3.2 examples", () => {
  it.each(RFC_TABLE)("§%s %s", (_section, template, want) => {
    expect(expandUriTemplate(template, RFC_VARIABLES)).toBe(want);
  });
});

describe("expandUriTemplate: values the RFC examples do not cover", () => {
  const table: readonly (readonly [string, string, Record<string, unknown>, string])[] = [
    ["UTF-8, uppercase hex", "{w}", { w: "drücken" }, "dr%C3%BCcken"],
    ["astral character", "{w}", { w: "a😀" }, "a%F0%9F%98%80"],
    ["prefix counts code points", "{w:2}", { w: "😀😀😀" }, "%F0%9F%98%80%F0%9F%98%80"],
    ["prefix longer than value", "{w:9999}", { w: "ab" }, "ab"],
    ["lone surrogate becomes U+FFFD", "{w}", { w: "a\ud800b" }, "a%EF%BF%BDb"],
    ["reserved keeps %XX triplets", "{+w}", { w: "a%2Fb" }, "a%2Fb"],
    ["reserved encodes a bare %", "{+w}", { w: "100%" }, "100%25"],
    ["simple encodes an existing triplet", "{w}", { w: "a%2F" }, "a%252F"],
    ["reserved still encodes space", "{#w}", { w: "a b" }, "#a%20b"],
    ["number", "{?n}", { n: 6 }, "?n=6"],
    ["boolean", "{/b}", { b: false }, "/false"],
    ["bigint", "{n}", { n: 12n }, "12"],
    ["empty list is undefined", "{?l}", { l: [] }, ""],
    ["list of only null is undefined", "{/l*}", { l: [null, undefined] }, ""],
    ["null members skipped", "{l}", { l: ["a", null, "b"] }, "a,b"],
    ["numbers in a reserved list", "{+l}", { l: [1, 2] }, "1,2"],
    ["record of undefined is undefined", "{?r*}", { r: { a: undefined } }, ""],
    [
      "Map keeps insertion order",
      "{?m*}",
      {
        m: new Map([
          ["z", "1"],
          ["a", "2"],
        ]),
      },
      "?z=1&a=2",
    ],
    ["null-prototype record", "{;r*}", { r: Object.assign(Object.create(null), { k: "" }) }, ";k"],
    ["exploded record, empty value", "{?r*}", { r: { k: "" } }, "?k="],
    ["record keys are encoded", "{?r*}", { r: { "a b": "c" } }, "?a%20b=c"],
    ["inherited names are undefined", "{constructor}{toString}", {}, ""],
    ["literal space is encoded", "a b{x}", { x: "1" }, "a%20b1"],
    ["literal non-ASCII is encoded", "/é{x}", { x: "1" }, "/%C3%A91"],
    ["literal triplet kept", "/a%20b", {}, "/a%20b"],
    ["literal bare % encoded", "/100%", {}, "/100%25"],
    ["pct-encoded varname", "{?a%20b}", { "a%20b": "x" }, "?a%20b=x"],
    ["dotted varname", "{a.b}", { "a.b": "x" }, "x"],
    ["no expressions", "file:///x", {}, "file:///x"],
    ["empty template", "", {}, ""],
    [
      "continuation with undefined",
      "{&x,y,undef}",
      { x: 1024, y: "768", undef: null },
      "&x=1024&y=768",
    ],
  ];
  it.each(table)("%s: %s", (_label, template, variables, want) => {
    expect(expandUriTemplate(template, variables)).toBe(want);
  });
});

describe("expandUriTemplate: unsupported values", () => {
  const table: readonly (readonly [string, string, Record<string, unknown>, RegExp])[] = [
    ["prefix on a list", "{l:1}", { l: ["a"] }, /variable "l" is a list.*:1 prefix/],
    ["prefix on a record", "{+r:1}", { r: { a: "b" } }, /variable "r" is a record/],
    ["nested list", "{l}", { l: [["a"]] }, /variable "l" has a member/],
    ["record of records", "{r*}", { r: { a: {} } }, /variable "r" has a member/],
    ["class instance", "{d}", { d: new Date(0) }, /variable "d" is not a string/],
    ["function", "{f}", { f: () => 1 }, /variable "f" is not a string/],
    ["symbol", "{s}", { s: Symbol("s") }, /variable "s" is not a string/],
  ];
  it.each(table)("%s", (_label, template, variables, want) => {
    expect(() => expandUriTemplate(template, variables)).toThrow(want);
  });
});

describe("compileUriTemplate: malformed templates", () => {
  const table: readonly (readonly [string, RegExp])[] = [
    ["{/id*", /unclosed "\{" at offset 0/],
    ["a{b{c}", /unclosed "\{" at offset 1/],
    ["/id*}", /"\}" without "\{" at offset 4/],
    ["x{}", /empty expression at offset 1/],
    ["{=path}", /operator "=" .* reserved/],
    ["{!hello}", /operator "!" .* reserved/],
    ["{|var*}", /operator "\|" .* reserved/],
    ["{$var}", /unknown operator "\$"/],
    ["{~thing}", /unknown operator "~"/],
    ["{/?id}", /bad variable "\?id"/],
    ["{??hello}", /bad variable "\?hello"/],
    ["{var:prefix}", /bad variable "var:prefix"/],
    ["{hello:2*}", /bad variable "hello:2\*"/],
    ["{with space}", /bad variable "with space"/],
    ["{x, y}", /bad variable " y"/],
    ["{default-graph-uri}", /bad variable "default-graph-uri"/],
    ["{var:0}", /bad variable "var:0"/],
    ["{var:01}", /bad variable "var:01"/],
    ["{var:10000}", /bad variable "var:10000"/],
    ["{var:}", /bad variable "var:"/],
    ["{x.}", /bad variable "x\."/],
    ["{x..y}", /bad variable "x\.\.y"/],
    ["{.x}{%2x}", /bad variable "%2x" in the expression at offset 4/],
    ["{a,}", /bad variable ""/],
  ];
  it.each(table)("%s", (template, want) => {
    let thrown: unknown;
    try {
      compileUriTemplate(template);
    } catch (error) {
      thrown = error;
    }
    expect(isMcpError(thrown) && thrown.kind).toBe("input");
    expect((thrown as Error).message).toMatch(want);
    expect((thrown as Error).message).toContain(JSON.stringify(template));
  });
});

describe("parseUriTemplateVariables", () => {
  const table: readonly (readonly [string, UriTemplateVariable[]])[] = [
    ["file:///static", []],
    ["{x}", [{ name: "x", operator: "", explode: false }]],
    [
      "/u{/id*}{?fields,first.name:3}{&rest*}",
      [
        { name: "id", operator: "/", explode: true },
        { name: "fields", operator: "?", explode: false },
        { name: "first.name", operator: "?", explode: false, prefix: 3 },
        { name: "rest", operator: "&", explode: true },
      ],
    ],
    [
      "{/var:1,var}",
      [
        { name: "var", operator: "/", explode: false, prefix: 1 },
        { name: "var", operator: "/", explode: false },
      ],
    ],
    [
      "{+a}{#b}{.c}{;d}",
      ["+", "#", ".", ";"].map((op, i) => ({
        name: "abcd"[i] ?? "",
        operator: op as "+",
        explode: false,
      })),
    ],
  ];
  it.each(table)("%s", (template, want) => {
    expect(parseUriTemplateVariables(template)).toEqual(want);
  });

  it("throws on a malformed template", () => {
    expect(() => parseUriTemplateVariables("{x")).toThrow(/unclosed/);
  });
});

describe("compileUriTemplate", () => {
  it("expands the same compiled template many times with different values", () => {
    const compiled = compileUriTemplate("mcp://files{/path*}{?rev}");
    expect(compiled.template).toBe("mcp://files{/path*}{?rev}");
    expect(compiled.expand({ path: ["a", "b c"], rev: 3 })).toBe("mcp://files/a/b%20c?rev=3");
    expect(compiled.expand({ path: "x" })).toBe("mcp://files/x");
    expect(compiled.expand({})).toBe("mcp://files");
  });

  it("round-trips any string through {x} and decodeURIComponent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (value) => {
        const expanded = expandUriTemplate("{x}", { x: value });
        expect(expanded).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
        expect(decodeURIComponent(expanded)).toBe(value);
      }),
    );
  });

  it("keeps reserved expansion within URI characters, and decodeURI undoes it", () => {
    // Without `%` in the value every escape in the output stands for a non-reserved character,
    // which is exactly what decodeURI decodes.
    const noPercent = fc.string({ unit: "grapheme" }).filter((value) => !value.includes("%"));
    fc.assert(
      fc.property(noPercent, (value) => {
        const expanded = expandUriTemplate("{+x}", { x: value });
        expect(expanded).toMatch(/^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-F]{2})*$/);
        expect(decodeURI(expanded)).toBe(value);
      }),
    );
  });
});
