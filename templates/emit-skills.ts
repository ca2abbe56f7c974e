/**
 * The skills a server listed (SEP-2640) → `skills.ts`: each entry embedded as a constant with its
 * URI, name and frontmatter as literal types, a `skills` record by URI, and `SkillUri` /
 * `SkillName` unions. Only data: loading a skill is `client.skills.load(entry)`, which verifies
 * what the server serves now against this recorded entry (digests included), so generated code
 * pins the skill content that was reviewed.
 */
import type { Skill } from "@mcp-codegen/runtime";
import { assignNames } from "./naming.js";
import { describedLines } from "./docs.js";
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { jsonConstType, jsonLiteral } from "./literal.js";
import type { ModuleText } from "./module-text.js";

/** The file the skills are generated into. */
export const SKILLS_FILE = "skills.ts";

/**
 * The binding of each skill, by URI: camelCase of its path (`skill://acme/billing/refunds/SKILL.md`
 * → `acmeBillingRefunds`; another scheme's URI keeps its scheme as a word). Names are labels, so
 * two skills named alike get distinct bindings; `skills` itself is never one.
 */
export function skillBindings(skills: readonly Skill[]): Map<string, string> {
  const key = (uri: string) => uri.replace(/^skill:\/\//, "").replace(/\/SKILL\.md$/, "");
  const names = assignNames(
    skills.map((skill) => ({ key: key(skill.uri) })),
    "camel",
    { reserved: ["skills"] },
  );
  return new Map(skills.map((skill) => [skill.uri, names.get(key(skill.uri))!]));
}

export function emitSkills(skills: readonly Skill[], runtimeImport: string): ModuleText {
  const bindings = skillBindings(skills);
  const docs = skills.map((skill) => {
    const { name, description } = skill.frontmatter;
    return jsDocBlock([
      ...describedLines(undefined, description),
      "",
      ...jsDocText(
        `The skill ${stringLiteral(name)} at ${stringLiteral(skill.uri)}, as listed when this code was generated. Load it with \`client.skills.load(${bindings.get(skill.uri)!})\`: what the server serves then is verified against this entry.`,
      ),
    ]);
  });
  const entries = skills.map((skill) => ({ uri: skill.uri, binding: bindings.get(skill.uri)! }));
  const record = entries.map((e) => `${stringLiteral(e.uri)}: ${e.binding}`).join(", ");
  const recordType = entries.map((e) => `readonly ${stringLiteral(e.uri)}: typeof ${e.binding};`);
  const recordDoc = jsDocBlock(
    jsDocText("Every skill the server listed, by the URI of its SKILL.md."),
  );
  const types = [
    [
      jsDocBlock(jsDocText("The URI of each listed skill's SKILL.md: what identifies a skill.")),
      "export type SkillUri = keyof typeof skills;",
    ].join("\n"),
    [
      jsDocBlock(
        jsDocText(
          "The name of each listed skill (its frontmatter `name`): a label, which two skills may share.",
        ),
      ),
      `export type SkillName = (typeof skills)[SkillUri]["frontmatter"]["name"];`,
    ].join("\n"),
  ];
  const none = { values: [], types: [], from: runtimeImport };
  return {
    imports: { values: [], types: ["Skill"], from: runtimeImport },
    statements: [
      ...skills.map(
        (skill, i) =>
          `${docs[i]!}\nexport const ${entries[i]!.binding} = ${jsonLiteral(skill)} as const satisfies Skill;`,
      ),
      `${recordDoc}\nexport const skills = { ${record} } as const;`,
      ...types,
    ],
    forms: {
      js: {
        imports: none,
        statements: [
          ...skills.map(
            (skill, i) => `export const ${entries[i]!.binding} = ${jsonLiteral(skill)};`,
          ),
          `export const skills = { ${record} };`,
        ],
      },
      dts: {
        // `satisfies Skill` was checked when the `.js` was generated from a parsed snapshot entry:
        // the declaration states the literal type alone.
        imports: none,
        statements: [
          ...skills.map(
            (skill, i) =>
              `${docs[i]!}\nexport declare const ${entries[i]!.binding}: ${jsonConstType(skill)};`,
          ),
          `${recordDoc}\nexport declare const skills: { ${recordType.join(" ")} };`,
          ...types,
        ],
      },
    },
  };
}
