/**
 * The skills extension's entry (SEP-2640, `io.modelcontextprotocol/skills`): what `skills/list`
 * and `skills/get` return for one skill, checked before anything trusts it. An entry is the
 * manifest a host verifies every file it later reads against, so a malformed one is refused
 * whole rather than repaired.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import { isJsonObject } from "../basics/index.js";

/** The extension's identifier, as servers declare it under `capabilities.extensions`. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/** The per-skill limits every host supports (spec "Limits"): files, and bytes summed over them. */
export const SKILL_LIMITS = { files: 512, bytes: 16 * 1024 * 1024 } as const;

/** One file of a skill, with the SHA-256 digest (`sha256:` and 64 lowercase hex) and byte size. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** A `SKILL.md`'s YAML frontmatter as a JSON object: `name` and `description` always present. */
export interface SkillFrontmatter {
  name: string;
  description: string;
  [field: string]: unknown;
}

/**
 * One skill: the URI of its `SKILL.md`, its frontmatter verbatim, and every file it has (or
 * `"dynamic"` when its content is generated and has no stable digests).
 */
export interface Skill {
  uri: string;
  frontmatter: SkillFrontmatter;
  resources: readonly SkillResource[] | "dynamic";
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * `value` as a `Skill`, or an `McpError` of kind `protocol` naming what is wrong with it: a
 * missing or non-string `uri` or `frontmatter.name`/`description`, a `uri` that is not a
 * `…/<name>/SKILL.md` path whose last folder is the frontmatter's `name`, `resources` neither an
 * array nor `"dynamic"`, a file without a well-formed digest or a non-negative integer size, a
 * file outside the skill's folder or listed twice, or no file entry for `SKILL.md` itself.
 */
export function readSkillEntry(value: unknown, context: ErrorContext): Skill {
  const fail = (problem: string): never => {
    throw new McpError({
      ...context,
      kind: "protocol",
      data: value,
      message: `${describeContext(context)}the server sent an invalid skill entry: ${problem}; it cannot be loaded`,
    });
  };
  if (!isJsonObject(value)) return fail("it is not an object");
  const { uri, frontmatter, resources } = value;
  if (typeof uri !== "string") return fail("uri is not a string");
  if (!isJsonObject(frontmatter)) return fail(`${uri}: frontmatter is not an object`);
  if (typeof frontmatter.name !== "string" || typeof frontmatter.description !== "string") {
    return fail(`${uri}: frontmatter has no string name and description`);
  }
  const root = skillRoot(uri);
  if (root === undefined || lastSegment(root) !== frontmatter.name) {
    return fail(`${uri}: the uri must end in /${String(frontmatter.name)}/SKILL.md`);
  }
  const skill = { uri, frontmatter: frontmatter as SkillFrontmatter };
  if (resources === "dynamic") return { ...skill, resources };
  if (!Array.isArray(resources)) return fail(`${uri}: resources is neither an array nor "dynamic"`);
  const seen = new Set<string>();
  for (const file of resources) {
    if (!isJsonObject(file) || typeof file.uri !== "string")
      return fail(`${uri}: a file has no uri`);
    const where = `${uri}: file ${file.uri}`;
    if (typeof file.digest !== "string" || !DIGEST.test(file.digest)) {
      return fail(`${where} has no sha256:<64 lowercase hex> digest`);
    }
    if (typeof file.size !== "number" || !Number.isSafeInteger(file.size) || file.size < 0) {
      return fail(`${where} has no non-negative integer size`);
    }
    if (file.uri !== uri && !file.uri.startsWith(`${root}/`)) {
      return fail(`${where} is outside the skill's folder ${root}`);
    }
    if (seen.has(file.uri)) return fail(`${where} is listed twice`);
    seen.add(file.uri);
  }
  if (!seen.has(uri)) return fail(`${uri}: resources does not list SKILL.md itself`);
  return { ...skill, resources: resources as readonly SkillResource[] };
}

/** The skill's folder: its `SKILL.md` URI without `/SKILL.md`, or undefined for another URI. */
export function skillRoot(uri: string): string | undefined {
  if (!uri.endsWith("/SKILL.md")) return undefined;
  const root = uri.slice(0, -"/SKILL.md".length);
  const scheme = root.indexOf("://");
  // At least one path segment after the scheme: `skill:///SKILL.md` names no skill.
  if (scheme < 0 || root.length <= scheme + 3 || root.endsWith("/")) return undefined;
  return root;
}

function lastSegment(root: string): string {
  return root.slice(root.lastIndexOf("/") + 1);
}
