/**
 * The verification failure of a skill file (spec "Integrity and Verification"): the content read
 * is not what the held entry describes, so it is not used. An `McpError` of kind `protocol`
 * whose `data` says which skill of which server, which file, and what differed.
 */
import { McpError } from "../protocol/index.js";

/** What differed between a skill's entry and what the server served. */
export type SkillMismatchKind = "size" | "digest" | "frontmatter" | "unlisted";

/** `McpError.data` of a skill verification failure (kind `protocol`). */
export interface SkillMismatchData {
  /** The server, as the client labels it (its endpoint), never the name it gives itself. */
  readonly origin: string;
  /** The skill's `SKILL.md` URI. */
  readonly skill: string;
  /** The file whose content failed. */
  readonly file: string;
  readonly differs: SkillMismatchKind;
  /** The entry's value and the served one: byte sizes, digests; for frontmatter, the fields. */
  readonly expected?: number | string;
  readonly actual?: number | string;
  readonly fields?: readonly string[];
}

const WHAT_TO_DO =
  "the skill changed or was tampered with since its entry was fetched: refresh it with client.skills.get(uri), and approve it again before loading it";

/** The error for `data`, with one message saying what differed and what to do. */
export function skillMismatch(data: SkillMismatchData): McpError<"protocol"> {
  const where = `${data.file} of skill ${data.skill} from ${data.origin}`;
  const detail =
    data.differs === "unlisted"
      ? `${data.file} is not a file of skill ${data.skill} in its entry from ${data.origin}; ${WHAT_TO_DO.replace("the skill changed", "if the skill gained it, it changed")}`
      : data.differs === "frontmatter"
        ? `${where}: its frontmatter differs from the entry's in ${(data.fields ?? []).join(", ")}; ${WHAT_TO_DO}`
        : `${where}: ${data.differs} ${String(data.actual)}, the entry says ${String(data.expected)}; ${WHAT_TO_DO}`;
  return new McpError({
    kind: "protocol",
    method: "resources/read",
    target: data.file,
    data,
    message: `skill verification failed: ${detail}`,
  });
}
