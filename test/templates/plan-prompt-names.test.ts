import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planNames } from "../../templates/plan.js";
import type { Snapshot } from "../../templates/snapshot.js";

function promptsNamed(names: readonly string[]): Snapshot {
  return {
    name: "x",
    version: "1",
    tools: [],
    prompts: names.map((name) => ({ name })),
    resources: [],
    resourceTemplates: [],
  } as unknown as Snapshot;
}

const namesOf = (names: readonly string[]) =>
  planNames(promptsNamed(names)).prompts.map((p) => [p.prompt.name, p.fn, p.binding, p.typeBase]);

describe("planNames for prompts whose name ends in 'prompt'", () => {
  it("does not repeat the suffix", () => {
    expect(namesOf(["args_prompt", "summary"])).toEqual([
      ["args_prompt", "getArgsPrompt", "argsPrompt", "ArgsPrompt"],
      ["summary", "getSummaryPrompt", "summaryPrompt", "SummaryPrompt"],
    ]);
  });

  it("keeps the suffix when the stem names another prompt, so the names stay unique", () => {
    expect(namesOf(["args", "args_prompt"])).toEqual([
      ["args", "getArgsPrompt", "argsPrompt", "ArgsPrompt"],
      ["args_prompt", "getArgsPromptPrompt", "argsPromptPrompt", "ArgsPromptPrompt"],
    ]);
  });

  it("never gives two prompts the same function, binding or type name", () => {
    const word = fc.constantFrom("a", "args", "prompt", "Prompt", "PROMPT", "_", "-", "x");
    const name = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(""));
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 8 }), (names) => {
        const exported = planNames(promptsNamed(names)).prompts.flatMap((p) => [
          p.fn,
          p.binding,
          `${p.typeBase}Arguments`,
        ]);
        expect(new Set(exported.map((n) => n.toLowerCase())).size).toBe(exported.length);
      }),
    );
  });
});
