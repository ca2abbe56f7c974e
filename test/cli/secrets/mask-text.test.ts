import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretMasker, maskText } from "../../../cli/secrets/mask-text.js";

describe("maskText", () => {
  // [given text, secrets, want text, want replaced]
  const table: ReadonlyArray<readonly [string, readonly string[], string, number]> = [
    ["no secret here", ["s3cr3t"], "no secret here", 0],
    ["key=s3cr3t;", ["s3cr3t"], "key=***;", 1],
    ["s3cr3t s3cr3t", ["s3cr3t"], "*** ***", 2],
    // Shorter than four characters: not searched.
    ["abc abc", ["abc"], "abc abc", 0],
    // Overlapping secrets are masked as one span: nothing of either is left.
    ["abcdefghi", ["abcdef", "defghi"], "***", 1],
    // A secret that overlaps itself.
    ["ababab", ["abab"], "***", 1],
    // Touching spans merge.
    ["aaaabbbb", ["aaaa", "bbbb"], "***", 1],
    // A secret made of the mask's own character cannot survive in what the mask leaves.
    ["******", ["****"], "***", 1],
    ["x****y", ["x***", "****"], "***y", 1],
    ["", ["s3cr3t"], "", 0],
  ];
  it.each(table)("%j with %j → %j", (given, secrets, want, replaced) => {
    expect(maskText(given, secrets)).toEqual({ text: want, replaced });
  });

  it("leaves no secret of four or more characters in any text", () => {
    const secret = fc.string({ minLength: 4, maxLength: 12, unit: fc.constantFrom("a", "b", "*") });
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(secret, fc.string({ maxLength: 6 })), { maxLength: 8 }),
        (secrets, pieces) => {
          const { text } = maskText(pieces.join(""), secrets);
          for (const s of secrets) expect(text).not.toContain(s);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("createSecretMasker", () => {
  it("masks with every secret added so far, ignoring short and repeated ones", () => {
    const masker = createSecretMasker(["first-secret", "abc"]);
    expect(masker.mask("first-secret second-secret abc")).toBe("*** second-secret abc");
    masker.add(["second-secret", "first-secret", "xy"]);
    expect(masker.mask("first-secret second-secret abc xy")).toBe("*** *** abc xy");
    expect(masker.secrets()).toEqual(["first-secret", "second-secret"]);
  });
});
