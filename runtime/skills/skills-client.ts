/**
 * `client.skills`: the skills a server serves (SEP-2640). Listing and getting entries reads
 * metadata only; a skill's files are fetched when it is loaded (`SKILL.md`) and when one of them
 * is read, never on connect, list or approval. Everything is verified against the entry the
 * skill was loaded under. A client talks to one server, so a URI identifies a skill here; across
 * clients, `LoadedSkill.key` pairs it with the server's label.
 */
import { localError, type ErrorContext, type RequestOptions } from "../protocol/index.js";
import type {
  ReadResourceResult,
  Resource,
  Result,
  ServerCapabilities,
} from "../protocol/index.js";
import type { CallOptions } from "../input/index.js";
import { collectAllPages, readPage, type ListOptions, type Page } from "../session/index.js";
import { isJsonObject } from "../basics/index.js";
import { readSkillEntry, SKILLS_EXTENSION, type Skill } from "./skill-entry.js";
import { LoadedSkill } from "./loaded-skill.js";
import { differingFields, parseFrontmatter } from "./skill-frontmatter.js";
import { skillMismatch } from "./skill-mismatch.js";

/** What the skills client needs of the client it belongs to. */
export interface SkillsHost {
  /** The server's label: the client's endpoint (URL without secrets, or command). */
  origin(): string;
  /** The server's capabilities, discovering them first if the client has not. */
  capabilities(options?: RequestOptions): Promise<ServerCapabilities>;
  /** A request whose result is cacheable (`ttlMs`/`cacheScope`), through the client's cache. */
  cachedRequest(
    method: string,
    params: Record<string, unknown> | undefined,
    options?: RequestOptions,
  ): Promise<Result>;
  /** Any other request. */
  request(
    method: string,
    params: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Result>;
  /** `resources/read`, as `client.readResource` does it. */
  readResource(uri: string, options?: CallOptions): Promise<ReadResourceResult>;
}

export interface LoadSkillOptions extends CallOptions {
  /**
   * Load a skill whose entry has `resources: "dynamic"` (no digests: its content cannot be
   * verified or bound to an approval). Default `false`: such a skill is refused.
   */
  allowDynamic?: boolean;
}

export class SkillsClient {
  readonly #host: SkillsHost;
  /** The latest entry seen per `SKILL.md` URI, from `list` or `get`. */
  readonly #entries = new Map<string, Skill>();

  /** @internal `McpClient` makes one. */
  constructor(host: SkillsHost) {
    this.#host = host;
  }

  /**
   * Whether the server declares the skills extension, and with what settings
   * (`{ directoryRead?: boolean }`); undefined when it does not. Discovers the server first if
   * the client has not.
   */
  async declared(options?: RequestOptions): Promise<{ directoryRead?: boolean } | undefined> {
    const declared = (await this.#host.capabilities(options)).extensions?.[SKILLS_EXTENSION];
    return isJsonObject(declared) ? declared : undefined;
  }

  /**
   * Every skill entry (`skills/list`, all pages, capped as lists are), through the cache. Only
   * metadata: no file is read. An empty or partial list does not mean the server has no other
   * skill: `get(uri)` reaches any it serves. A malformed entry is an `McpError` of kind
   * `protocol`; a server that does not declare the extension, one of kind `input`.
   */
  async list(options?: ListOptions): Promise<Skill[]> {
    const context = { method: "skills/list" };
    await this.#requireDeclared(context, options);
    return collectAllPages<Skill>((cursor) => this.#page(cursor, options), options ?? {}, context);
  }

  /** One page of `skills/list`; `nextCursor` is present when more follow. */
  async listPage(options?: RequestOptions & { cursor?: string }): Promise<Page<Skill>> {
    await this.#requireDeclared({ method: "skills/list" }, options);
    return this.#page(options?.cursor, options);
  }

  /** The entry of the skill whose `SKILL.md` is at `uri` (`skills/get`, through the cache). */
  async get(uri: string, options?: RequestOptions): Promise<Skill> {
    const context = { method: "skills/get", target: uri };
    await this.#requireDeclared(context, options);
    const result = await this.#host.cachedRequest("skills/get", { uri }, options);
    const entry = readSkillEntry(result.skill, context);
    if (entry.uri !== uri) {
      throw localError("protocol", `the server answered with the entry of ${entry.uri}`, context);
    }
    this.#entries.set(uri, entry);
    return entry;
  }

  /**
   * Loads a skill: reads its `SKILL.md` and verifies it against the entry (size, digest, and its
   * YAML frontmatter field by field against the entry's). Given an entry, that entry is the one
   * held (pass the one the user approved); given a URI, the latest entry `list` or `get` returned,
   * or else a fresh `get`. A mismatch is an `McpError` of kind `protocol` with
   * `SkillMismatchData`, and nothing of the skill is returned.
   */
  async load(skill: Skill | string, options: LoadSkillOptions = {}): Promise<LoadedSkill> {
    const { allowDynamic = false, ...call } = options;
    const entry =
      typeof skill === "string"
        ? (this.#entries.get(skill) ?? (await this.get(skill, call)))
        : readSkillEntry(skill, { method: "skills/get", target: skill.uri });
    if (entry.resources === "dynamic" && !allowDynamic) {
      throw localError(
        "input",
        `skill ${entry.uri} is dynamic: its content has no digests to verify; pass allowDynamic: true to load it anyway`,
        { method: "resources/read", target: entry.uri },
      );
    }
    const origin = this.#host.origin();
    const read = (uri: string, opts?: CallOptions) => this.#host.readResource(uri, opts);
    const file = await new LoadedSkill(origin, entry, read).readFile(entry.uri, call);
    const parsed = file.text === undefined ? undefined : await parseFrontmatter(file.text);
    const fields =
      parsed === undefined || "problem" in parsed
        ? ["(none readable)"]
        : differingFields(parsed.fields, entry.frontmatter);
    if (fields.length > 0 || file.text === undefined) {
      throw skillMismatch({
        origin,
        skill: entry.uri,
        file: entry.uri,
        differs: "frontmatter",
        fields,
      });
    }
    return new LoadedSkill(origin, entry, read, file.text);
  }

  /**
   * The direct children of a directory resource (`resources/directory/read`, every page). Sent
   * only to a server that declares `directoryRead: true`; otherwise an `McpError` of kind `input`
   * and nothing is sent. A directory read never widens a loaded skill: only its entry's files
   * can be read through it.
   */
  async readDirectory(uri: string, options?: ListOptions): Promise<Resource[]> {
    const context = { method: "resources/directory/read", target: uri };
    const declared = await this.#requireDeclared(context, options);
    if (declared.directoryRead !== true) {
      throw localError(
        "input",
        "the server does not declare directoryRead for the skills extension; use a skill's entry (LoadedSkill.files) instead",
        context,
      );
    }
    return collectAllPages<Resource>(
      async (cursor) => {
        const params = cursor === undefined ? { uri } : { uri, cursor };
        const result = await this.#host.request("resources/directory/read", params, options);
        return readPage<Resource>(result, "resources", context);
      },
      options ?? {},
      context,
    );
  }

  async #page(
    cursor: string | undefined,
    options: RequestOptions | undefined,
  ): Promise<Page<Skill>> {
    const context = { method: "skills/list" };
    const params = cursor === undefined ? undefined : { cursor };
    const result = await this.#host.cachedRequest("skills/list", params, options);
    const page = readPage<unknown>(result, "skills", context);
    const items = page.items.map((item) => readSkillEntry(item, context));
    for (const entry of items) this.#entries.set(entry.uri, entry);
    return { ...page, items };
  }

  async #requireDeclared(
    context: ErrorContext,
    options: RequestOptions | undefined,
  ): Promise<{ directoryRead?: boolean }> {
    const declared = await this.declared(options);
    if (declared === undefined) {
      throw localError(
        "input",
        `the server does not declare the skills extension (${SKILLS_EXTENSION}); read its resources with readResource instead`,
        context,
      );
    }
    return declared;
  }
}
