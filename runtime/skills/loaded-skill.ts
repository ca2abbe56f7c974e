/**
 * A skill the client has loaded: the entry it was loaded under (held for as long as the object
 * lives: the spec's "acting window"), its verified `SKILL.md`, and reads of its other files on
 * demand, each checked against that same entry. Nothing is fetched ahead of need.
 */
import { localError, type ReadResourceResult } from "../protocol/index.js";
import type { CallOptions } from "../input/index.js";
import { contentBytes, sha256Digest } from "./skill-bytes.js";
import { SKILL_LIMITS, skillRoot, type Skill } from "./skill-entry.js";
import { skillMismatch } from "./skill-mismatch.js";

/** How a loaded skill reads a file: `resources/read` on the skill's own server. */
export type ReadSkillResource = (uri: string, options?: CallOptions) => Promise<ReadResourceResult>;

/** One verified file of a skill. */
export interface SkillFile {
  uri: string;
  /** The raw bytes, exactly those the entry's digest and size cover. */
  bytes: Uint8Array;
  /** The bytes as UTF-8 text, or undefined when they are not valid UTF-8. */
  text: string | undefined;
  mimeType: string | undefined;
}

/** The identity of a skill across servers: its server's label and its `SKILL.md` URI. */
export function skillKey(origin: string, uri: string): string {
  return JSON.stringify([origin, uri]);
}

export class LoadedSkill {
  /** The server this skill came from, as the client labels it (its endpoint). */
  readonly origin: string;
  /** The entry the skill was loaded under; every read is verified against it. */
  readonly entry: Skill;
  /** `skillKey(origin, entry.uri)`: two servers' skills at one URI never share a key. */
  readonly key: string;
  /** The skill's folder, the `SKILL.md` URI without `/SKILL.md`. */
  readonly root: string;
  /** The verified `SKILL.md`, frontmatter included: what the model reads, tagged with `origin`. */
  readonly text: string;
  readonly #read: ReadSkillResource;
  /** Bytes read so far of a `"dynamic"` skill, which has no sizes to check against. */
  #dynamicBytes = 0;

  /** @internal Use `client.skills.load()`. */
  constructor(origin: string, entry: Skill, read: ReadSkillResource, text = "") {
    this.origin = origin;
    this.entry = entry;
    this.key = skillKey(origin, entry.uri);
    this.root = skillRoot(entry.uri) ?? entry.uri;
    this.#read = read;
    this.text = text;
  }

  /** The URIs of the skill's files per its entry; empty for a `"dynamic"` skill. */
  get files(): readonly string[] {
    return this.entry.resources === "dynamic" ? [] : this.entry.resources.map((file) => file.uri);
  }

  /**
   * The URI a reference in the skill names: a path relative to the skill's folder
   * (`references/GUIDE.md`) or a URI under it. `..`, `.` and empty segments, and URIs outside the
   * folder, are an `McpError` of kind `input`: a skill reaches only its own files.
   */
  resolve(reference: string): string {
    const uri = reference.includes("://") ? reference : `${this.root}/${reference}`;
    const rest = uri.startsWith(`${this.root}/`) ? uri.slice(this.root.length + 1) : undefined;
    const segments = rest?.split("/") ?? [];
    if (rest === undefined || segments.some((s) => s === "" || s === "." || s === "..")) {
      throw localError("input", `${reference} is not a file of skill ${this.entry.uri}`, {
        method: "resources/read",
        target: reference,
      });
    }
    return uri;
  }

  /**
   * Reads one of the skill's files (`resources/read`, through the client's cache) and verifies it
   * against the held entry: a file the entry does not list is refused before anything is sent,
   * and a size or digest that differs is an `McpError` of kind `protocol` (`SkillMismatchData`);
   * the content is never returned then. A `"dynamic"` skill's files have nothing to verify
   * against; their total is capped at 16 MiB.
   */
  async readFile(reference: string, options?: CallOptions): Promise<SkillFile> {
    const uri = this.resolve(reference);
    const resources = this.entry.resources;
    const listed = resources === "dynamic" ? undefined : resources.find((f) => f.uri === uri);
    const base = { origin: this.origin, skill: this.entry.uri, file: uri };
    if (resources !== "dynamic" && listed === undefined) {
      throw skillMismatch({ ...base, differs: "unlisted" });
    }
    const result = await this.#read(uri, options);
    const bytes = contentBytes(result, uri, { method: "resources/read", target: uri });
    if (listed !== undefined) {
      // Size first: a wrong length fails whether or not the digest is computed.
      if (bytes.byteLength !== listed.size) {
        throw skillMismatch({
          ...base,
          differs: "size",
          expected: listed.size,
          actual: bytes.byteLength,
        });
      }
      const digest = await sha256Digest(bytes);
      if (digest !== listed.digest) {
        throw skillMismatch({
          ...base,
          differs: "digest",
          expected: listed.digest,
          actual: digest,
        });
      }
    } else {
      this.#dynamicBytes += bytes.byteLength;
      if (this.#dynamicBytes > SKILL_LIMITS.bytes) {
        throw localError(
          "protocol",
          `dynamic skill ${this.entry.uri} from ${this.origin} served more than ${SKILL_LIMITS.bytes} bytes; no more of it is read`,
          { method: "resources/read", target: uri },
        );
      }
    }
    const content = result.contents.find((c) => c.uri === uri);
    return { uri, bytes, text: utf8(bytes), mimeType: content?.mimeType };
  }
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
