/**
 * Pinned contracts (`connect(target, { pin })`): a client that refuses to call a tool whose live
 * definition differs from the one it was made for, so a server cannot change what a model read
 * (its description, its schemas, its hints) after review.
 *
 * The live definitions come from one `tools/list` (every page, through the result cache), made
 * when a check first needs it and shared by every tool; it is read again only after something
 * says the catalog may have changed (`invalidate`: a `notifications/tools/list_changed` in either
 * era, a restart or reconnect, new credentials). Once a tool matched, its later calls cost one
 * map lookup until then.
 */
import { McpError } from "../protocol/index.js";
import type { ListOptions } from "../session/index.js";
import {
  PINNED_FIELDS,
  changedFields,
  contractDigest,
  fingerprintOf,
  type ContractFingerprint,
  type PinnedField,
} from "../protocol/index.js";
import type { ContractChangedData } from "../protocol/index.js";
import type { Tool } from "../protocol/index.js";

export { PINNED_FIELDS, type PinnedField } from "../protocol/index.js";
export type { ContractChangedData } from "../protocol/index.js";

/** `ConnectOptions.pin` as an object: what plain `callTool(name)` calls are pinned against. */
export interface PinOptions {
  /**
   * Definitions to pin calls of these tools against (a generated module's `<name>Tool.definition`,
   * or definitions you reviewed). A call that carries its own definition (every generated call)
   * is checked against that one instead.
   */
  tools?: readonly Tool[];
}

/** How often a check lists again when the catalog changed while it was listing. */
const MAX_LISTINGS = 3;

/** Fingerprints of definitions, computed once per definition object (definitions are data). */
const fingerprints = new WeakMap<Tool, ContractFingerprint>();

function fingerprint(tool: Tool): ContractFingerprint {
  let known = fingerprints.get(tool);
  if (known === undefined) fingerprints.set(tool, (known = fingerprintOf(tool)));
  return known;
}

/**
 * A pinned client's contract state. A call is checked against, in order: the definition it
 * carries (a generated call's embedded one); the one `PinOptions.tools` gives for its name; the
 * embedded one of a generated typed client bound to this client, or of a generated call already
 * made on it; else the first live definition this client saw for it (trust on first use, kept
 * across restarts).
 */
export class ContractPin {
  readonly #list: (options: ListOptions) => Promise<Tool[]>;
  readonly #given: Map<string, Tool>;
  /** Definitions a generated typed client offered (`offer`), not parsed yet. */
  readonly #offered: Array<() => Tool> = [];
  readonly #firstSeen = new Map<string, Tool>();
  /** Tool name → the pinned definition it matched since the last invalidation. */
  readonly #verified = new Map<string, Tool>();
  /** Tool name → every live entry of that name (a server may list one name twice). */
  #live: Promise<ReadonlyMap<string, readonly Tool[]>> | undefined;
  /** Bumped by `invalidate`: a listing begun before it may predate the change. */
  #epoch = 0;
  /** Set by `invalidate`: the next listing skips fresh cached pages. */
  #refresh = false;

  /** @param list lists every tool the server offers, before any governance. */
  constructor(list: (options: ListOptions) => Promise<Tool[]>, options: PinOptions = {}) {
    this.#list = list;
    this.#given = new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
  }

  /**
   * Resolves when the tool's live definition matches its pinned one, or when nothing is pinned
   * for it and the server does not list it (its `tools/call` then fails on the server). Returns
   * undefined, without awaiting anything, when the tool already matched since the last
   * invalidation. Rejects with kind `contract_changed` on a difference, and with the listing's
   * own error when the tools cannot be listed: nothing is called unchecked.
   */
  check(name: string, definition: Tool | undefined): Promise<void> | undefined {
    const pinned = definition ?? this.#pinnedFor(name);
    if (pinned !== undefined && this.#verified.get(name) === pinned) return undefined;
    return this.#checkLive(name, pinned, definition);
  }

  /**
   * A generated typed client bound to this client offers its embedded definition of each tool
   * (see pin-offer.ts): plain calls of those names are pinned to them, unless `PinOptions.tools`
   * gave one. Parsed only when a plain call first needs them.
   */
  offer(load: () => Tool): void {
    this.#offered.push(load);
  }

  /** The catalog may have changed: every tool is checked again, against a fresh listing. */
  invalidate(): void {
    this.#epoch++;
    this.#live = undefined;
    this.#refresh = true;
    this.#verified.clear();
  }

  /** The definition a plain call of `name` is pinned to, if any yet (see the class comment). */
  #pinnedFor(name: string): Tool | undefined {
    if (this.#offered.length > 0) {
      for (const load of this.#offered.splice(0)) {
        const tool = load();
        if (!this.#given.has(tool.name)) this.#given.set(tool.name, tool);
      }
    }
    return this.#given.get(name) ?? this.#firstSeen.get(name);
  }

  async #checkLive(
    name: string,
    pinned: Tool | undefined,
    carried: Tool | undefined,
  ): Promise<void> {
    // A generated call's definition pins later plain calls of its name too, as its client's would.
    if (carried !== undefined && !this.#given.has(name)) this.#given.set(name, carried);
    for (let listing = 1; ; listing++) {
      const epoch = this.#epoch;
      const entries = (await this.#liveTools()).get(name) ?? [];
      // A change was announced while listing: what came back may predate it.
      if (epoch !== this.#epoch && listing < MAX_LISTINGS) continue;
      const live = entries[0];
      if (pinned === undefined) {
        if (live === undefined) return;
        pinned = this.#firstSeen.get(name) ?? live;
        this.#firstSeen.set(name, pinned);
      }
      const changed = live === undefined ? ["removed" as const] : differences(pinned, entries);
      if (changed.length > 0) throw await contractChanged(name, changed, pinned, live);
      if (epoch === this.#epoch) this.#verified.set(name, pinned);
      return;
    }
  }

  #liveTools(): Promise<ReadonlyMap<string, readonly Tool[]>> {
    if (this.#live !== undefined) return this.#live;
    const refresh = this.#refresh;
    this.#refresh = false;
    const live = this.#list(refresh ? { cache: "refresh" } : {}).then((tools) => {
      const byName = new Map<string, Tool[]>();
      for (const tool of tools) {
        const entries = byName.get(tool.name);
        if (entries === undefined) byName.set(tool.name, [tool]);
        else entries.push(tool);
      }
      return byName;
    });
    this.#live = live;
    // A failed listing is not kept: the next check lists again, as this one would have.
    live.catch(() => {
      if (this.#live !== live) return;
      this.#live = undefined;
      this.#refresh ||= refresh;
    });
    return live;
  }
}

/**
 * The pinned fields in which the live entries differ from `pinned`: every entry counts, so a
 * server cannot list the reviewed definition beside a changed one of the same name.
 */
function differences(pinned: Tool, entries: readonly Tool[]): PinnedField[] {
  const changed = new Set<PinnedField>();
  for (const entry of entries) {
    for (const field of changedFields(fingerprint(pinned), fingerprint(entry))) changed.add(field);
  }
  return PINNED_FIELDS.filter((field) => changed.has(field));
}

async function contractChanged(
  name: string,
  changed: readonly (PinnedField | "removed")[],
  pinned: Tool,
  live: Tool | undefined,
): Promise<McpError<"contract_changed">> {
  const data: ContractChangedData = {
    tool: name,
    changed,
    pinnedDigest: await contractDigest(fingerprint(pinned)),
    liveDigest: live === undefined ? undefined : await contractDigest(fingerprint(live)),
  };
  const what =
    live === undefined
      ? "the server no longer lists this tool"
      : `the server changed its ${changed.join(", ")}`;
  return new McpError({
    kind: "contract_changed",
    method: "tools/call",
    target: name,
    data,
    message: `tools/call ${JSON.stringify(name)}: ${what} since the contract was pinned; nothing was sent. Review the change (mcp-codegen check --live), then regenerate the client, or connect without pin to accept it`,
  });
}
