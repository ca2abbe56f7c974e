/**
 * skills.ts and the snapshot's skills: bindings named by path (so two skills with one name get
 * two bindings), server text that cannot break out of a string or comment, no file for a server
 * without skills, and a hand-edited skill entry refused with its place.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { skillBindings } from "../../templates/emit-skills.js";
import { generateFiles } from "../../templates/generate.js";
import { serializeSnapshot } from "../../templates/snapshot.js";
import { parseSnapshot } from "../../templates/snapshot-parse.js";
import type { Skill } from "../../runtime/skills/index.js";
import { snapshot } from "../cli/drift/helpers.js";

const DIGEST = `sha256:${"0".repeat(64)}`;

function skill(uri: string, name: string, description = "d"): Skill {
  return { uri, frontmatter: { name, description }, resources: [{ uri, digest: DIGEST, size: 1 }] };
}

describe("skills.ts", () => {
  it.each<[string[], string[]]>([
    [["skill://pdf-processing/SKILL.md"], ["pdfProcessing"]],
    [
      ["skill://acme/billing/refunds/SKILL.md", "skill://acme/support/refunds/SKILL.md"],
      ["acmeBillingRefunds", "acmeSupportRefunds"],
    ],
    [["skill://skills/SKILL.md"], ["skills_"]],
    [
      ["github://o/r/refunds/SKILL.md", "skill://o/r/refunds/SKILL.md"],
      ["githubORRefunds", "oRRefunds"],
    ],
  ])("names %j as %j", (uris, names) => {
    const skills = uris.map((uri) => skill(uri, uri.split("/").at(-2)!));
    expect([...skillBindings(skills).values()]).toEqual(names);
  });

  it("escapes what the server wrote, and is absent for a server without skills", async () => {
    const hostile = skill('skill://x"y/evil/SKILL.md', "evil", "*/ import('x'); /*\u2028");
    const files = await generateFiles(snapshot({ skills: [hostile] }), {
      generatorVersion: "0.0.0",
    });
    const text = files.find((file) => file.path === "skills.ts")?.content ?? "";
    // The text stays in its comment and its strings: the file is the import and four declarations.
    expect(text).toContain("* *\\/ import('x'); /*");
    const source = ts.createSourceFile("skills.ts", text, ts.ScriptTarget.Latest);
    const kinds = source.statements.map((statement) =>
      ts.isImportDeclaration(statement)
        ? "import"
        : ts.isVariableStatement(statement)
          ? "const"
          : ts.isTypeAliasDeclaration(statement)
            ? "type"
            : ts.SyntaxKind[statement.kind],
    );
    expect(kinds).toEqual(["import", "const", "const", "type", "type"]);
    const without = await generateFiles(snapshot(), { generatorVersion: "0.0.0" });
    expect(without.map((file) => file.path)).not.toContain("skills.ts");
  });
});

describe("the snapshot's skills", () => {
  it("reads back what it wrote, and a snapshot without skills", () => {
    const written = snapshot({ skills: [skill("skill://a/SKILL.md", "a")] });
    expect(parseSnapshot(serializeSnapshot(written), "s.json").skills).toEqual(written.skills);
    expect(parseSnapshot(serializeSnapshot(snapshot()), "s.json").skills).toBeUndefined();
  });

  it("refuses a hand-edited skill entry, naming where", () => {
    const bad = snapshot({
      skills: [
        {
          ...skill("skill://a/SKILL.md", "a"),
          resources: [{ uri: "skill://a/SKILL.md", digest: "md5:x", size: 1 }],
        },
      ],
    });
    expect(() => parseSnapshot(serializeSnapshot(bad), "s.json")).toThrow(
      /at skills\.0\.resources/,
    );
  });
});
