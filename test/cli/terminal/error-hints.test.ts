/**
 * `withHint`: the CLI's hint is added to an error message without saying again what the message
 * already says.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { saysWhatToCheck, withHint } from "../../../cli/terminal/error-hints.js";

const occurrences = (text: string, part: string) =>
  text.toLowerCase().split(part.toLowerCase()).length - 1;

describe("withHint", () => {
  it("leaves out a clause the message already says", () => {
    expect(
      withHint(
        "the server at X requires authorization (HTTP 401): invalid_token",
        "the server at X requires authorization (HTTP 401); sign in on a terminal",
      ),
    ).toBe(
      "the server at X requires authorization (HTTP 401): invalid_token (sign in on a terminal)",
    );
    expect(withHint("boom; raise --timeout", "raise --timeout")).toBe("boom; raise --timeout");
    expect(withHint("boom", undefined)).toBe("boom");
  });

  it("never repeats a hint clause the message contains, and keeps every other (property)", () => {
    const clause = fc.stringMatching(/^[a-z][a-z -]{2,20}[a-z]$/);
    fc.assert(
      fc.property(
        fc.array(clause, { maxLength: 4 }),
        fc.uniqueArray(clause, { minLength: 1, maxLength: 4 }),
        (said, hinted) => {
          const message = ["failed", ...said].join("; ");
          const result = withHint(message, hinted.join("; "));
          expect(result.startsWith(message)).toBe(true);
          for (const part of hinted) {
            const before = occurrences(message, part);
            // Said already: not said again; new: added.
            if (before > 0) expect(occurrences(result, part)).toBe(before);
            else expect(occurrences(result, part)).toBeGreaterThanOrEqual(1);
          }
        },
      ),
    );
  });

  it("knows a message that already says what to check", () => {
    expect(saysWhatToCheck("the server is unreachable, check that it is running")).toBe(true);
    expect(saysWhatToCheck("exited with code 1")).toBe(false);
  });
});
