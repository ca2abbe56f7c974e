/**
 * Reading `mcp.snapshot.json` back: the file is checked in and anyone can edit it, so every
 * field is checked against the shape `pull` writes, and the first problem is named with its
 * place and what to do.
 */
import { z } from "zod";
import {
  promptEntry,
  resourceEntry,
  resourceTemplateEntry,
  skillEntry,
  toolEntry,
} from "./contract-entries.js";
import { jsonValueProblem, MAX_CONTRACT_DEPTH } from "./json-depth.js";
import {
  isSafeOutputPath,
  MAX_LIST_FAILURE_MESSAGE,
  SNAPSHOT_FORMAT_VERSION,
  type Snapshot,
} from "./snapshot.js";
import { CLIENT_NEEDS } from "@mcp-codegen/runtime/internal";

const listFailure = z.strictObject({
  code: z.number().int(),
  message: z.string().max(MAX_LIST_FAILURE_MESSAGE),
});
const implementation = z.looseObject({ name: z.string(), version: z.string() });
const snapshotSchema = z.object({
  formatVersion: z.literal(SNAPSHOT_FORMAT_VERSION),
  name: z.string().min(1),
  server: implementation,
  protocolVersion: z.string(),
  supportedVersions: z.array(z.string()),
  capabilities: z.record(z.string(), z.unknown()),
  instructions: z.string().optional(),
  httpTransport: z.literal("sse").optional(),
  clientCapabilities: z.record(z.string(), z.unknown()),
  toolCapabilities: z.record(z.string(), z.array(z.enum(CLIENT_NEEDS))).optional(),
  // The shapes `pull` keeps, so any snapshot `pull` writes, `generate` reads.
  tools: z.array(toolEntry),
  prompts: z.array(promptEntry),
  resources: z.array(resourceEntry),
  resourceTemplates: z.array(resourceTemplateEntry),
  skills: z.array(skillEntry).optional(),
  unlisted: z
    .strictObject({
      tools: listFailure.optional(),
      prompts: listFailure.optional(),
      resources: listFailure.optional(),
      resourceTemplates: listFailure.optional(),
    })
    .optional(),
  codegen: z
    .strictObject({
      runtime: z.enum(["package", "vendored"]).optional(),
      rename: z.record(z.string(), z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/)).optional(),
      openInputTypes: z.boolean().optional(),
      importExtension: z.enum(["js", "ts"]).optional(),
      emit: z.enum(["ts", "js+dts"]).optional(),
      agent: z.boolean().optional(),
    })
    .optional(),
  origin: z
    .strictObject({
      registry: z.string().min(1),
      version: z.string().min(1),
      registryUrl: z.string().optional(),
    })
    .optional(),
  files: z
    .array(z.string().refine(isSafeOutputPath, "a relative path inside the output folder"))
    .optional(),
});

/** A snapshot file that cannot be used, with the place and the problem. */
export class SnapshotError extends Error {
  override readonly name = "SnapshotError";
}

/** Reads a snapshot file's text; throws `SnapshotError` naming the first problem. */
export function parseSnapshot(text: string, source: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(
      `${source} is not valid JSON (${(error as Error).message}); run \`mcp-codegen pull\` to recreate it`,
    );
  }
  // Checked first, without recursion: everything after walks the value recursively. A snapshot
  // `pull` wrote is at most one level deeper than the deepest entry it kept.
  const problem = jsonValueProblem(value, MAX_CONTRACT_DEPTH + 2);
  if (problem !== undefined) {
    throw new SnapshotError(`${source} ${problem}; run \`mcp-codegen pull\` to recreate it`);
  }
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === "number" && version !== SNAPSHOT_FORMAT_VERSION) {
    throw new SnapshotError(
      `${source} has snapshot format ${version}, this mcp-codegen reads format ${SNAPSHOT_FORMAT_VERSION}; run \`mcp-codegen pull\` to recreate it`,
    );
  }
  const parsed = snapshotSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length === 0 ? "the top level" : issue.path.map(String).join(".");
    throw new SnapshotError(`${source} is not a valid snapshot: at ${where}: ${issue.message}`);
  }
  return value as Snapshot;
}
