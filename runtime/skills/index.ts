/**
 * The skills extension (SEP-2640, `io.modelcontextprotocol/skills`): `client.skills` lists and
 * gets skill entries, loads a skill's files on demand only, and verifies each against the entry
 * (size, SHA-256 digest, and `SKILL.md`'s frontmatter).
 */
export { LoadedSkill, skillKey } from "./loaded-skill.js";
export type { ReadSkillResource, SkillFile } from "./loaded-skill.js";
export { readSkillEntry, SKILL_LIMITS, SKILLS_EXTENSION, skillRoot } from "./skill-entry.js";
export type { Skill, SkillFrontmatter, SkillResource } from "./skill-entry.js";
export { contentBytes, sha256Digest } from "./skill-bytes.js";
export { differingFields, parseFrontmatter, sameJson } from "./skill-frontmatter.js";
export { skillMismatch } from "./skill-mismatch.js";
export type { SkillMismatchData, SkillMismatchKind } from "./skill-mismatch.js";
export { SkillsClient } from "./skills-client.js";
export type { LoadSkillOptions, SkillsHost } from "./skills-client.js";
