/**
 * Contract drift between two snapshots of one server, for `mcp-codegen check --live`: every
 * difference, classified as breaking (clients generated from `before` may fail against a server
 * that now offers `after`), needs-review (text a model reads changed) or compatible. Pure:
 * snapshots in, a report out.
 *
 * Breaking: a tool, prompt, resource or resource template removed; a new required argument; an
 * argument removed or its type narrowed; an input enum narrowed; additionalProperties turned
 * false; an output property removed or made optional, its type or enum widened, the output
 * schema removed; a prompt argument newly required; a resource's URI or MIME type, or a
 * template, changed; a server capability removed; any schema change that cannot be proven
 * compatible. Needs review: descriptions, titles and annotations of tools, prompts, prompt
 * arguments, resources and templates, annotation keywords in a tool's schemas, and the server's
 * instructions. Compatible: additions, widened inputs, narrowed outputs, versions, icons, `_meta`.
 */
import { compareSkills } from "./skills.js";
import { compareText } from "@mcp-codegen/runtime/internal";
import { CONTRACT_LIST_METHODS } from "../../templates/index.js";
import type { ContractListKey, Snapshot } from "../../templates/index.js";
import {
  compareResource,
  comparePrompt,
  compareResourceTemplate,
  compareTool,
  pairBy,
  type AddChange,
  type DriftChange,
  type DriftSeverity,
} from "./contract.js";
import { canonical, isRecord, keyName, own, preview, quote } from "./json.js";

export type { DriftChange, DriftSeverity } from "./contract.js";

/** What a change is about, for tools that read the report (`check --json`) rather than print it. */
export interface DriftEntity {
  type: "tool" | "prompt" | "resource" | "resource-template" | "skill" | "server";
  /**
   * The server's own name for the tool, prompt, resource or template, or a skill's `SKILL.md`
   * URI, unquoted; none for `server`.
   */
  name?: string;
}

/** A change with the entity it is about. */
export interface ClassifiedChange extends DriftChange {
  entity: DriftEntity;
  /** For a change in a tool's input or output schema: where, as property names from its root. */
  schemaPath?: readonly string[];
}

/** Every change between two snapshots, breaking first. */
export interface DriftReport {
  /**
   * Sorted by severity (breaking, needs-review, compatible), subject, kind, then detail, in
   * code-point order.
   */
  changes: ClassifiedChange[];
  /** True when at least one change is breaking. */
  breaking: boolean;
  /** True when at least one change needs review. */
  needsReview: boolean;
}

/**
 * Compares the contract a client was generated from (`before`) with the one the server offers
 * now (`after`). Tools and prompts are matched by name, resources and resource templates by
 * name too (generated code is named after them). Snapshot order does not matter.
 */
export function classifyDrift(before: Snapshot, after: Snapshot): DriftReport {
  const changes: ClassifiedChange[] = [];
  const collector =
    (subject: string, entity: DriftEntity): AddChange =>
    (severity, kind, detail, path) =>
      changes.push({
        severity,
        kind,
        subject,
        detail,
        entity,
        ...(path === undefined ? {} : { schemaPath: path }),
      });
  const server = collector("server", { type: "server" });
  const listed = (key: ContractListKey) => comparable(key, before, after, server);
  if (listed("tools")) compareEntities("tool", before.tools, after.tools, compareTool, collector);
  if (listed("prompts")) {
    compareEntities("prompt", before.prompts, after.prompts, comparePrompt, collector);
  }
  if (listed("resources")) {
    compareEntities("resource", before.resources, after.resources, compareResource, collector);
  }
  if (listed("resourceTemplates")) {
    compareEntities(
      "resource template",
      before.resourceTemplates,
      after.resourceTemplates,
      compareResourceTemplate,
      collector,
    );
  }
  compareSkills(before.skills, after.skills, (uri) =>
    collector(`skill ${quote(uri)}`, { type: "skill", name: uri }),
  );
  compareServer(before, after, server);
  changes.sort(compareChanges);
  return {
    changes,
    breaking: changes.some((change) => change.severity === "breaking"),
    needsReview: changes.some((change) => change.severity === "needs-review"),
  };
}

/**
 * Whether a list can be compared: not when the server failed to give it on either side (the
 * snapshot's `unlisted`), where an empty section means "unknown", not "everything removed".
 * The skipped comparison is said, as a compatible change naming the server's error.
 */
function comparable(
  key: ContractListKey,
  before: Snapshot,
  after: Snapshot,
  add: AddChange,
): boolean {
  const then = before.unlisted?.[key];
  const now = after.unlisted?.[key];
  if (then === undefined && now === undefined) return true;
  const failure = (now ?? then)!;
  const when = now === undefined ? "when the snapshot was taken" : "now";
  add(
    "compatible",
    "list-not-compared",
    `${LIST_NOUNS[key]} not compared: the server failed ${CONTRACT_LIST_METHODS[key]} ${when} (${failure.code}: ${preview(failure.message)})`,
  );
  return false;
}

const LIST_NOUNS: Readonly<Record<ContractListKey, string>> = {
  tools: "tools",
  prompts: "prompts",
  resources: "resources",
  resourceTemplates: "resource templates",
};

function compareEntities<T extends { name: string }>(
  noun: string,
  before: readonly T[],
  after: readonly T[],
  compare: (before: T, after: T, add: AddChange) => void,
  collector: (subject: string, entity: DriftEntity) => AddChange,
): void {
  const kind = noun.replace(" ", "-") as DriftEntity["type"];
  const about = (name: string) => collector(`${noun} ${quote(name)}`, { type: kind, name });
  const pairs = pairBy(before, after, (item) => item.name);
  for (const item of pairs.removed) about(item.name)("breaking", `${kind}-removed`, "removed");
  for (const item of pairs.added) about(item.name)("compatible", `${kind}-added`, "added");
  for (const [was, now] of pairs.kept) compare(was, now, about(now.name));
}

/**
 * Versions and name are compatible; instructions need review; a capability the client may use
 * going away breaks.
 */
function compareServer(before: Snapshot, after: Snapshot, add: AddChange): void {
  const fields: [string, string, unknown, unknown][] = [
    ["server-name-changed", "name", before.server.name, after.server.name],
    ["server-version-changed", "version", before.server.version, after.server.version],
    ["protocol-version-changed", "protocol version", before.protocolVersion, after.protocolVersion],
  ];
  for (const [kind, what, was, now] of fields) {
    if (was !== now) {
      add("compatible", kind, `${what} changed from ${preview(was)} to ${preview(now)}`);
    }
  }
  // Hosts hand the instructions to a model as they are: text to read before recording it.
  if (before.instructions !== after.instructions) {
    add("needs-review", "instructions-changed", "instructions changed");
  }
  const was: Readonly<Record<string, unknown>> = before.capabilities;
  const now: Readonly<Record<string, unknown>> = after.capabilities;
  for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort(compareText)) {
    const name = keyName(key);
    if (own(now, key) === undefined) {
      add("breaking", "capability-removed", `capability ${name} no longer offered`);
    } else if (own(was, key) === undefined) {
      add("compatible", "capability-added", `capability ${name} now offered`);
    } else if (canonical(own(was, key)) !== canonical(own(now, key))) {
      const detail = isRecord(own(now, key))
        ? `capability ${name} options changed`
        : `capability ${name} changed`;
      add("compatible", "capability-changed", detail);
    }
  }
}

/** The classes, in report order. */
export const DRIFT_SEVERITIES: readonly DriftSeverity[] = [
  "breaking",
  "needs-review",
  "compatible",
];

const SEVERITY_ORDER: Readonly<Record<DriftSeverity, number>> = {
  breaking: 0,
  "needs-review": 1,
  compatible: 2,
};

function compareChanges(a: DriftChange, b: DriftChange): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    compareText(a.subject, b.subject) ||
    compareText(a.kind, b.kind) ||
    compareText(a.detail, b.detail)
  );
}

/**
 * The report as text for a terminal or CI log: a summary line, then the breaking changes, those
 * that need review, and the compatible ones, one line each (`subject: detail [kind]`); an empty
 * section is left out. Deterministic, no colour, no trailing newline; `No contract drift.` when
 * nothing changed.
 */
export function formatDriftReport(report: DriftReport): string {
  if (report.changes.length === 0) return "No contract drift.";
  const of = (severity: DriftSeverity) =>
    report.changes.filter((change) => change.severity === severity).sort(compareChanges);
  const count = (severity: DriftSeverity, noun: string) => {
    const n = of(severity).length;
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
  };
  const lines = [
    `Contract drift: ${count("breaking", "breaking change")}, ${count("needs-review", "change")} to review, ${count("compatible", "compatible change")}`,
  ];
  for (const severity of DRIFT_SEVERITIES) {
    const changes = of(severity);
    if (changes.length === 0) continue;
    lines.push("", `${SECTION_TITLES[severity]}:`);
    for (const change of changes)
      lines.push(`  ${change.subject}: ${change.detail} [${change.kind}]`);
  }
  return lines.join("\n");
}

const SECTION_TITLES: Readonly<Record<DriftSeverity, string>> = {
  breaking: "Breaking",
  "needs-review": "Needs review",
  compatible: "Compatible",
};
