/**
 * The package.json edit `init` makes, and the command lines it reads and prints: properties over
 * arbitrary scripts objects (ours added, theirs untouched in value and order, the file's layout
 * kept) and arbitrary words (a quoted line splits back into the same words).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinCommandLine, splitCommandLine } from "../../cli/terminal/command-line.js";
import { INIT_SCRIPTS } from "../../cli/commands/init.js";
import { addScripts, PackageJsonProblem } from "../../cli/init/package-scripts.js";

const OURS = Object.entries(INIT_SCRIPTS);

/** Their scripts: any names and commands, sometimes one of ours with our command or another. */
const theirScripts = fc
  .tuple(
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 8 }),
    fc.subarray(OURS.map(([name]) => name)),
    fc.string(),
    fc.boolean(),
  )
  .map(([scripts, taken, other, same]) => {
    const all: Record<string, string> = JSON.parse(JSON.stringify(scripts));
    for (const name of taken) all[name] = same ? INIT_SCRIPTS[name]! : `mcp-codegen ${other}!`;
    return all;
  });

describe("addScripts", () => {
  it("adds ours, keeps every script of theirs byte for byte, in order, in the file's layout", () => {
    fc.assert(
      fc.property(
        theirScripts,
        fc.constantFrom<string | number>(2, 4, "\t", " "),
        fc.boolean(),
        fc.boolean(),
        (scripts, indent, crlf, finalNewline) => {
          const manifest = { name: "app", version: "1.0.0", scripts, private: true };
          const layout = (value: unknown) => {
            const text = JSON.stringify(value, null, indent) + (finalNewline ? "\n" : "");
            return crlf ? text.replace(/\n/g, "\r\n") : text;
          };
          const edit = addScripts(layout(manifest), INIT_SCRIPTS);
          const missing = OURS.filter(([name]) => !Object.hasOwn(scripts, name));
          expect(edit.added).toEqual(missing.map(([name]) => name));
          expect(edit.kept).toEqual(
            OURS.filter(
              ([name, command]) => Object.hasOwn(scripts, name) && scripts[name] !== command,
            ).map(([name]) => name),
          );
          if (missing.length === 0) {
            expect(edit.text).toBeUndefined();
            return;
          }
          const after = JSON.parse(edit.text!) as typeof manifest;
          expect(Object.keys(after)).toEqual(["name", "version", "scripts", "private"]);
          expect(Object.keys(after.scripts)).toEqual([
            ...Object.keys(scripts),
            ...missing.map(([name]) => name),
          ]);
          for (const [name, command] of Object.entries(scripts)) {
            expect(after.scripts[name]).toBe(command);
          }
          for (const [name, command] of missing) expect(after.scripts[name]).toBe(command);
          // The whole file is what the same layout gives the edited value.
          expect(edit.text).toBe(
            layout({ ...manifest, scripts: Object.fromEntries(Object.entries(after.scripts)) }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("adds a scripts object at the end when there is none", () => {
    const edit = addScripts('{\n  "name": "app"\n}\n', INIT_SCRIPTS);
    expect(edit.text).toBe(
      '{\n  "name": "app",\n  "scripts": {\n    "mcp:pull": "mcp-codegen pull",\n    "mcp:check": "mcp-codegen check"\n  }\n}\n',
    );
  });

  it("keeps a one-line file on one line, and a byte order mark", () => {
    expect(addScripts('\uFEFF{"name":"app"}', { "mcp:pull": "mcp-codegen pull" }).text).toBe(
      '\uFEFF{"name":"app","scripts":{"mcp:pull":"mcp-codegen pull"}}',
    );
  });

  it("never takes __proto__ in their scripts for a prototype", () => {
    const edit = addScripts('{"scripts":{"__proto__":"x"}}', INIT_SCRIPTS);
    expect(Object.keys(JSON.parse(edit.text!).scripts)).toEqual([
      "__proto__",
      "mcp:pull",
      "mcp:check",
    ]);
  });

  it.each([
    ["{ nope", /^is not valid JSON \(/],
    ["[]", /^is not a JSON object$/],
    ['{"scripts":["a"]}', /^has a "scripts" that is not an object$/],
  ])("refuses %s", (text, message) => {
    expect(() => addScripts(text, INIT_SCRIPTS)).toThrow(PackageJsonProblem);
    expect(() => addScripts(text, INIT_SCRIPTS)).toThrow(message);
  });
});

describe("command lines", () => {
  it("split back into the words they were joined from", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" }), { maxLength: 6 }), (words) => {
        expect(splitCommandLine(joinCommandLine(words))).toEqual(words);
      }),
      { numRuns: 500 },
    );
  });

  it("read quotes and backslashes as a shell does", () => {
    expect(splitCommandLine(`node  "a \\"b\\" c" 'd "e' f\\ g ''`)).toEqual([
      "node",
      'a "b" c',
      'd "e',
      "f g",
      "",
    ]);
    expect(splitCommandLine("  ")).toEqual([]);
    expect(splitCommandLine("node 'open")).toBeUndefined();
    expect(splitCommandLine('node "open')).toBeUndefined();
    expect(splitCommandLine("node \\")).toBeUndefined();
  });
});
