/**
 * The cmd.exe command line for a batch file (`npx.cmd`), checked on every platform against
 * models of cmd.exe and `CommandLineToArgvW` (test/support/windows-parsers.ts): what the server
 * reads must be exactly the arguments it was given, and cmd must never see an operator or a
 * variable reference in them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  batchCommandLine,
  escapeForCmd,
  isCmdRepresentable,
  quoteWindowsArgument,
} from "../../../runtime/node/windows-command-line.js";
import { cmdParse, commandLineToArgv } from "../../support/windows-parsers.js";

const NPX = "C:\\Program Files (x86)\\nodejs\\npx.cmd";

/** What the program behind the batch file reads: `cmd /c`, then the shim's `%*`, then argv. */
function argumentsSeen(line: string, batchPath: string): string[] {
  const afterCmd = cmdParse(line, true);
  const program = `"${batchPath}"`;
  expect(afterCmd.startsWith(program)).toBe(true);
  const afterShim = cmdParse(afterCmd.slice(program.length), false);
  return commandLineToArgv(afterShim);
}

describe("quoteWindowsArgument", () => {
  const table: Array<{ given: string; want: string }> = [
    { given: "", want: '""' },
    { given: "abc", want: '"abc"' },
    { given: "a b", want: '"a b"' },
    { given: 'a"b', want: '"a\\"b"' },
    { given: "a\\b", want: '"a\\b"' },
    { given: 'a\\"b', want: '"a\\\\\\"b"' },
    { given: "a\\", want: '"a\\\\"' },
    { given: "a\\\\", want: '"a\\\\\\\\"' },
    { given: "C:\\Program Files\\", want: '"C:\\Program Files\\\\"' },
    { given: "ü😀", want: '"ü😀"' },
  ];
  for (const { given, want } of table) {
    it(`${JSON.stringify(given)} → ${want}`, () => {
      expect(quoteWindowsArgument(given)).toBe(want);
      expect(commandLineToArgv(want)).toEqual([given]);
    });
  }
});

describe("escapeForCmd", () => {
  const table: Array<{ given: string; want: string }> = [
    { given: "plain text", want: "plain text" },
    { given: "a&b|c", want: "a^&b^|c" },
    { given: "%PATH%", want: "^%PATH^%" },
    { given: '"x"', want: '^"x^"' },
    { given: "^!<>()", want: "^^^!^<^>^(^)" },
  ];
  for (const { given, want } of table) {
    it(`${given} → ${want}`, () => expect(escapeForCmd(given)).toBe(want));
  }
});

describe("isCmdRepresentable", () => {
  it("rejects NUL, CR and LF only", () => {
    expect(["a\nb", "a\rb", "a\0b"].map(isCmdRepresentable)).toEqual([false, false, false]);
    expect(isCmdRepresentable("a\tb %x% \"'^")).toBe(true);
  });
});

describe("the CommandLineToArgvW model (Microsoft's documented examples)", () => {
  const table: Array<{ given: string; want: string[] }> = [
    { given: '"abc" d e', want: ["abc", "d", "e"] },
    { given: 'a\\\\\\b d"e f"g h', want: ["a\\\\\\b", "de fg", "h"] },
    { given: 'a\\\\\\"b c d', want: ['a\\"b', "c", "d"] },
    { given: 'a\\\\\\\\"b c" d e', want: ["a\\\\b c", "d", "e"] },
  ];
  for (const { given, want } of table) {
    it(given, () => expect(commandLineToArgv(given)).toEqual(want));
  }
});

describe("batchCommandLine", () => {
  it("quotes the batch file and escapes each argument for two cmd parses", () => {
    expect(batchCommandLine(NPX, ["-y", "pkg@1"])).toBe(`"${NPX}" ^^^"-y^^^" ^^^"pkg@1^^^"`);
  });

  const table: string[][] = [
    [],
    [""],
    ["-y", "@modelcontextprotocol/server-everything"],
    ["a b", "c\td"],
    ['a"&calc', 'x" | del *', '"quoted"'],
    ["%PATH%", "%", "%%", "100%", "^%PATH^%"],
    ["!USERNAME!", "^", "^^", "&", "|", "<", ">", "(", ")", "&&", "||"],
    ["C:\\dir\\", "trailing\\\\", '\\"', '\\\\"x'],
    ["ünïcödé", "😀 emoji", "中文"],
  ];
  for (const args of table) {
    it(`${JSON.stringify(args)} arrive unchanged`, () => {
      expect(argumentsSeen(batchCommandLine(NPX, args), NPX)).toEqual(args);
    });
  }

  it("one level of caret escaping would not be enough (the model catches BatBadBut)", () => {
    const once = `"${NPX}" ${escapeForCmd(quoteWindowsArgument('a"&calc'))}`;
    expect(() => argumentsSeen(once, NPX)).toThrow(/operator/);
  });

  it("any arguments cmd can carry arrive unchanged, and cmd sees no operator or variable", () => {
    const unit = fc.oneof(
      fc.constantFrom(" ", "\t", '"', "\\", "%", "^", "&", "|", "<", ">", "(", ")", "!"),
      fc.constantFrom("a", "Z", "=", ",", ";", "é", "😀", "中"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter(isCmdRepresentable),
    );
    const argument = fc.string({ unit, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(argument, { maxLength: 6 }), (args) => {
        expect(argumentsSeen(batchCommandLine(NPX, args), NPX)).toEqual(args);
      }),
      { numRuns: 2000 },
    );
  });
});
