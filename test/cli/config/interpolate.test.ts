import { describe, expect, it } from "vitest";
import { interpolate } from "../../../cli/config/interpolate.js";

const ENV = { TOKEN: "s3cret", HOST: "example.com", EMPTY: "", WITH_DOLLAR: "a${B}c" };
const fail = (message: string) => new Error(message);

describe("interpolate", () => {
  // [given, want value, want substituted (variable=value)]
  const table: readonly (readonly [string, string, readonly string[]])[] = [
    ["plain text", "plain text", []],
    ["", "", []],
    ["${TOKEN}", "s3cret", ["TOKEN=s3cret"]],
    ["Bearer ${TOKEN}", "Bearer s3cret", ["TOKEN=s3cret"]],
    [
      "https://${HOST}/mcp?key=${TOKEN}",
      "https://example.com/mcp?key=s3cret",
      ["HOST=example.com", "TOKEN=s3cret"],
    ],
    ["${TOKEN}${TOKEN}", "s3crets3cret", ["TOKEN=s3cret", "TOKEN=s3cret"]],
    ["$${TOKEN}", "${TOKEN}", []],
    ["a $${ b", "a ${ b", []],
    ["$$${TOKEN}", "$${TOKEN}", []],
    ["$TOKEN", "$TOKEN", []],
    ["cost: 5$", "cost: 5$", []],
    ["$$", "$$", []],
    ["x${EMPTY}y", "xy", []],
    // A substituted value is not interpolated again.
    ["${WITH_DOLLAR}", "a${B}c", ["WITH_DOLLAR=a${B}c"]],
  ];
  it.each(table)("%j gives %j", (given, want, substituted) => {
    const result = interpolate(given, ENV, fail);
    expect(result.value).toBe(want);
    expect(result.substituted.map((part) => `${part.variable}=${part.value}`)).toEqual(substituted);
  });

  const errors: readonly (readonly [string, string])[] = [
    [
      "${MISSING}",
      "environment variable MISSING is not set; set it, or write $${MISSING} for the literal text",
    ],
    ["Bearer ${TOKEN", '"${" has no closing "}"; write $${ for a literal ${'],
    [
      "${}",
      '"${}" is not a variable reference (a name is letters, digits and _); write $${ for a literal ${',
    ],
    [
      "${A-B}",
      '"${A-B}" is not a variable reference (a name is letters, digits and _); write $${ for a literal ${',
    ],
    [
      "${1A}",
      '"${1A}" is not a variable reference (a name is letters, digits and _); write $${ for a literal ${',
    ],
    // Object.prototype members are not environment variables.
    [
      "${toString}",
      "environment variable toString is not set; set it, or write $${toString} for the literal text",
    ],
  ];
  it.each(errors)("%j fails: %s", (given, want) => {
    expect(() => interpolate(given, ENV, fail)).toThrow(new Error(want));
  });

  it("reads process.env", () => {
    const name = "MCP_CODEGEN_INTERPOLATE_TEST";
    process.env[name] = "from-process";
    try {
      expect(interpolate(`\${${name}}`, process.env, fail).value).toBe("from-process");
    } finally {
      delete process.env[name];
    }
  });
});
