/**
 * Skill drift, given/want: skills are matched by URI, never by name; a removed one breaks, a new
 * one is compatible, and any change to what a model would read (frontmatter, files, digests)
 * needs review.
 */
import { describe, expect, it } from "vitest";
import { classifyDrift } from "../../../cli/drift/report.js";
import type { Skill } from "../../../runtime/skills/index.js";
import { snapshot } from "./helpers.js";

const A = `sha256:${"a".repeat(64)}`;
const B = `sha256:${"b".repeat(64)}`;
const SKILL = "skill://refunds/SKILL.md";
const GUIDE = "skill://refunds/GUIDE.md";

function skill(parts: Partial<Skill> = {}): Skill {
  return {
    uri: SKILL,
    frontmatter: { name: "refunds", description: "Refunds" },
    resources: [
      { uri: SKILL, digest: A, size: 1 },
      { uri: GUIDE, digest: A, size: 1 },
    ],
    ...parts,
  };
}

function drift(before: Skill[] | undefined, after: Skill[] | undefined) {
  const withSkills = (skills: Skill[] | undefined) =>
    snapshot(skills === undefined ? {} : { skills });
  const report = classifyDrift(withSkills(before), withSkills(after));
  return report.changes.map(({ severity, kind, subject, detail }) => [
    severity,
    kind,
    subject,
    detail,
  ]);
}

describe("skill drift", () => {
  const subject = `skill "${SKILL}"`;
  it.each<[string, Skill[] | undefined, Skill[] | undefined, string[][]]>([
    ["nothing, without skills", undefined, undefined, []],
    ["nothing, for the same skills", [skill()], [skill()], []],
    [
      "a removed skill as breaking",
      [skill()],
      [],
      [["breaking", "skill-removed", subject, "removed"]],
    ],
    [
      "a new skill as compatible",
      undefined,
      [skill()],
      [["compatible", "skill-added", subject, "added"]],
    ],
    [
      "another digest as needing review",
      [skill()],
      [
        skill({
          resources: [
            { uri: SKILL, digest: A, size: 1 },
            { uri: GUIDE, digest: B, size: 1 },
          ],
        }),
      ],
      [["needs-review", "skill-content-changed", subject, `file "${GUIDE}": digest changed`]],
    ],
    [
      "a file left out as needing review",
      [skill()],
      [skill({ resources: [{ uri: SKILL, digest: A, size: 1 }] })],
      [["needs-review", "skill-content-changed", subject, `file "${GUIDE}": removed`]],
    ],
    [
      "a frontmatter change as needing review",
      [skill()],
      [
        skill({
          frontmatter: { name: "refunds", description: "Refunds", "allowed-tools": "Bash" },
        }),
      ],
      [
        [
          "needs-review",
          "skill-frontmatter-changed",
          subject,
          "frontmatter changed: allowed-tools",
        ],
      ],
    ],
    [
      "a skill turning dynamic as needing review",
      [skill()],
      [skill({ resources: "dynamic" })],
      [["needs-review", "skill-content-changed", subject, "now dynamic: no digests"]],
    ],
  ])("reports %s", (_case, before, after, want) => {
    expect(drift(before, after)).toEqual(want);
  });

  it("matches by URI: the same name at another path is another skill", () => {
    const moved = skill({
      uri: "skill://acme/refunds/SKILL.md",
      resources: [{ uri: "skill://acme/refunds/SKILL.md", digest: A, size: 1 }],
    });
    expect(drift([skill()], [moved]).map(([severity, kind]) => `${severity} ${kind}`)).toEqual([
      "breaking skill-removed",
      "compatible skill-added",
    ]);
  });
});
