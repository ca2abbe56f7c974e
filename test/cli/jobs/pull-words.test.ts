/**
 * `pull`'s positional words: where `--` stood (names before it, a command after it), recovered
 * from argv the way commander parsed it; and a command given without its `--` explained in one
 * line, while every other commander message stays as it was.
 */
import { Command } from "commander";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitPullWords } from "../../../cli/jobs/pull-words.js";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";

/** A program shaped like the real one: a root flag, and `pull` with value and boolean options. */
function parseLikePull(argv: readonly string[]): { words: string[]; options: Command["options"] } {
  let words: string[] = [];
  const program = new Command("mcp-codegen").option("-q, --quiet").exitOverride();
  const pull = program
    .command("pull")
    .option("--name <name>")
    .option("--out <dir>")
    .option("--strict")
    .argument("[name...]")
    .action((given: string[]) => {
      words = given;
    });
  program.parse([...argv], { from: "user" });
  return { words, options: pull.options };
}

describe("splitting pull's words at --", () => {
  const name = fc.string({ minLength: 1, maxLength: 8 }).filter((text) => !text.startsWith("-"));
  /** One step before `--`: a name, an option with any value (even "--"), or a flag. */
  const step = fc.oneof(
    name.map((text) => ({ tokens: [text], name: text })),
    fc
      .tuple(
        fc.constantFrom("--name", "--out"),
        // "--" often: as an option's value it ends nothing, the case most easily got wrong. Any
        // other value starting with "-" that names an option ("-q") is commander's error to give
        // (argument missing), not a word to split.
        fc.oneof(
          fc.constant("--"),
          fc.string({ maxLength: 6 }).filter((value) => !value.startsWith("-")),
        ),
      )
      .map(([flag, value]) => ({ tokens: [flag, value], name: undefined })),
    fc.constant({ tokens: ["--strict"], name: undefined }),
  );

  it("gives the names before -- and every word after it, as commander read them (property)", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 6 }),
        fc.option(fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }), { nil: undefined }),
        (steps, command) => {
          const argv = [
            ...(steps.length % 2 === 0 ? ["-q"] : []),
            "pull",
            ...steps.flatMap((s) => s.tokens),
            ...(command === undefined ? [] : ["--", ...command]),
          ];
          const { words, options } = parseLikePull(argv);
          expect(splitPullWords(words, argv, options)).toEqual({
            names: steps.flatMap((s) => (s.name === undefined ? [] : [s.name])),
            command: command ?? [],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a server command without its --", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("pull-words");
  });
  afterAll(() => project.remove());

  it("says where the command goes, quoting it, in one line", async () => {
    const run = await runCliCaptured(
      ["pull", "--cwd", "../srv", "node", "--import", "tsx", "stdio.ts"],
      project.dir,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "error: unknown option '--import': a server command goes after --, as in mcp-codegen pull [options] -- node --import tsx stdio.ts (see mcp-codegen --help)\n",
    );
  });

  it("masks a credential among the words it quotes", async () => {
    const token = "sk_live_4f9a8b7c6d5e4f3a2b1c";
    const run = await runCliCaptured(["pull", "server", "--key", token], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain(token);
    expect(run.stderr).toContain("-- server --key *** (see mcp-codegen --help)");
  });

  it("leaves commander's other messages as they were", async () => {
    const cases: Array<[string[], string]> = [
      // No word before the option: a typo of pull's own option, and commander's guess helps.
      [
        ["pull", "--tiemout", "5"],
        "error: unknown option '--tiemout' (Did you mean --timeout?) (see mcp-codegen --help)\n",
      ],
      [["generate", "--bogus"], "error: unknown option '--bogus' (see mcp-codegen --help)\n"],
      // After a config name, a typo of pull's own option is still a typo, not a command.
      [
        ["pull", "local", "--dryrun"],
        "error: unknown option '--dryrun' (Did you mean --dry-run?) (see mcp-codegen --help)\n",
      ],
      [
        ["pull", "--timeout"],
        "error: option '--timeout <ms>' argument missing (see mcp-codegen --help)\n",
      ],
    ];
    for (const [argv, message] of cases) {
      const run = await runCliCaptured(argv, project.dir);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toBe(message);
    }
  });
});
