/**
 * Skill drift (SEP-2640): skills are matched by the URI of their `SKILL.md` (a name is a label
 * two skills may share). A removed skill breaks the generated constant that names it; a new one
 * is compatible. Any change to what a model would read — the frontmatter, or the skill's files
 * (one added, removed, or with another digest) — needs review, as a tool description does: an
 * approval bound to the old files no longer covers the new ones.
 */
import type { Skill } from "@mcp-codegen/runtime";
import { compareText } from "@mcp-codegen/runtime/internal";
import type { AddChange } from "./contract.js";
import { canonical, keyName, quote } from "./json.js";

/** Compares the skills of two snapshots; `about(uri)` collects the changes of one skill. */
export function compareSkills(
  before: readonly Skill[] | undefined,
  after: readonly Skill[] | undefined,
  about: (uri: string) => AddChange,
): void {
  const was = new Map((before ?? []).map((skill) => [skill.uri, skill]));
  const now = new Map((after ?? []).map((skill) => [skill.uri, skill]));
  const uris = [...new Set([...was.keys(), ...now.keys()])].sort(compareText);
  for (const uri of uris) {
    const old = was.get(uri);
    const current = now.get(uri);
    if (current === undefined) about(uri)("breaking", "skill-removed", "removed");
    else if (old === undefined) about(uri)("compatible", "skill-added", "added");
    else compareSkill(old, current, about(uri));
  }
}

function compareSkill(before: Skill, after: Skill, add: AddChange): void {
  const fields = [
    ...new Set([...Object.keys(before.frontmatter), ...Object.keys(after.frontmatter)]),
  ]
    .filter((field) => canonical(before.frontmatter[field]) !== canonical(after.frontmatter[field]))
    .sort(compareText);
  if (fields.length > 0) {
    add(
      "needs-review",
      "skill-frontmatter-changed",
      `frontmatter changed: ${fields.map((field) => keyName(field)).join(", ")}`,
    );
  }
  if (before.resources === "dynamic" || after.resources === "dynamic") {
    if (before.resources !== after.resources) {
      const detail =
        after.resources === "dynamic" ? "now dynamic: no digests" : "no longer dynamic";
      add("needs-review", "skill-content-changed", detail);
    }
    return;
  }
  const old = new Map(before.resources.map((file) => [file.uri, file.digest]));
  const current = new Map(after.resources.map((file) => [file.uri, file.digest]));
  for (const uri of [...new Set([...old.keys(), ...current.keys()])].sort(compareText)) {
    const file = `file ${quote(uri)}`;
    if (!current.has(uri)) add("needs-review", "skill-content-changed", `${file}: removed`);
    else if (!old.has(uri)) add("needs-review", "skill-content-changed", `${file}: added`);
    else if (old.get(uri) !== current.get(uri)) {
      add("needs-review", "skill-content-changed", `${file}: digest changed`);
    }
  }
}
