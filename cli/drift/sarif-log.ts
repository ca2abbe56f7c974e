/**
 * The part of SARIF 2.1.0 (OASIS, "Static Analysis Results Interchange Format") that
 * `check --format sarif` writes. Hand-written rather than `@types/sarif`: these types are part of
 * the package's published declarations, which must not depend on a dev-only package, and the few
 * objects written here are easier to review than the whole standard's.
 */

/** The SARIF version written, and the schema a reader validates it against. */
export const SARIF_VERSION = "2.1.0";
export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";

/** `error`, `warning` and `note` are SARIF's levels for a result that is a problem (kind `fail`). */
export type SarifLevel = "error" | "warning" | "note";

/** A log with one run: mcp-codegen's. */
export interface SarifLog {
  $schema: typeof SARIF_SCHEMA_URI;
  version: typeof SARIF_VERSION;
  runs: [SarifRun];
}

export interface SarifRun {
  tool: { driver: SarifDriver };
  /** `%SRCROOT%`: the folder `check` ran in, which relative artifact URIs are resolved against. */
  originalUriBaseIds: Record<string, { uri: string }>;
  /** One: how the check ended (its exit code, and the error when it could not run). */
  invocations: [SarifInvocation];
  results: SarifResult[];
}

export interface SarifDriver {
  name: string;
  version: string;
  /** Every rule a result may name, in a fixed order (`ruleIndex` points into it). */
  rules: SarifRule[];
}

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: SarifLevel };
}

export interface SarifInvocation {
  executionSuccessful: boolean;
  exitCode: number;
  toolExecutionNotifications?: { level: "error"; message: { text: string } }[];
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: [SarifLocation];
  /** Stable across runs for the same finding, so a dashboard tracks it rather than adding it again. */
  partialFingerprints: Record<string, string>;
  /** The finding as data: server, class, kind, entity, name, pointer (check-sarif.ts). */
  properties: Record<string, unknown>;
}

export interface SarifLocation {
  physicalLocation: { artifactLocation: SarifArtifactLocation };
  logicalLocations?: { name: string; fullyQualifiedName: string }[];
}

/** A relative `uri` with `uriBaseId: "%SRCROOT%"`, or an absolute `file:` URI outside it. */
export interface SarifArtifactLocation {
  uri: string;
  uriBaseId?: string;
}
