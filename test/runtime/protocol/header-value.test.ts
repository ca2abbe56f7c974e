import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { encodeHeaderValue, isPlainHeaderText } from "../../../runtime/protocol/header-value.js";

describe("encodeHeaderValue", () => {
  // The spec's own examples first, then the edges around them.
  const table: Array<[given: string | number | boolean, want: string]> = [
    ["us-west1", "us-west1"],
    ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    [" padded ", "=?base64?IHBhZGRlZCA=?="],
    ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
    ["", ""],
    ["a b", "a b"],
    ["x ", "=?base64?eCA=?="],
    [" x", "=?base64?IHg=?="],
    ["a\tb", "=?base64?YQli?="],
    ["\u007f", "=?base64?fw==?="],
    ["\r\nX-Injected: 1", "=?base64?DQpYLUluamVjdGVkOiAx?="],
    ["é", "=?base64?w6k=?="],
    ["😀", "=?base64?8J+YgA==?="],
    ["~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./"],
    ["=?base64?", "=?base64?"],
    ["?=", "?="],
    ["=?base64??=", "=?base64?PT9iYXNlNjQ/Pz0=?="],
    ["=?BASE64?x?=", "=?BASE64?x?="],
    [42, "42"],
    [-7, "-7"],
    [0, "0"],
    [-0, "0"],
    [Number.MAX_SAFE_INTEGER, "9007199254740991"],
    [Number.MIN_SAFE_INTEGER, "-9007199254740991"],
    [true, "true"],
    [false, "false"],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(encodeHeaderValue(given)).toBe(want);
  });

  it.each([1.5, 2 ** 53, -(2 ** 53), Number.NaN, Number.POSITIVE_INFINITY])(
    "rejects the number %d as input",
    (given) => {
      let caught: unknown;
      try {
        encodeHeaderValue(given);
      } catch (error) {
        caught = error;
      }
      expect(isMcpError(caught) && caught.kind).toBe("input");
    },
  );

  it("round-trips long non-ASCII text through standard padded Base64", () => {
    const text = "ünïcödé ".repeat(10_000);
    const encoded = encodeHeaderValue(text);
    const inner = encoded.slice("=?base64?".length, -"?=".length);
    expect(Buffer.from(inner, "base64").toString("utf8")).toBe(text);
    expect(inner).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });
});

describe("isPlainHeaderText", () => {
  it.each([
    ["plain", true],
    ["", true],
    ["tab\t", false],
    ["\u0080", false],
    ["=?base64?abc?=", false],
  ])("%j → %s", (given, want) => {
    expect(isPlainHeaderText(given)).toBe(want);
  });
});
