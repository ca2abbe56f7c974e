/**
 * What a SARIF log from `check --format sarif` must be: valid against the official SARIF 2.1.0
 * JSON schema (the copy `@microsoft/jest-sarif` ships, a draft-04 schema, so ajv 6), and against
 * `SARIF_SUBSET`, a zod schema of what this tool promises beyond it (closed objects, the level
 * enum, rules and `ruleIndex` agreeing, absolute base URIs ending in `/`).
 */
import { createRequire } from "node:module";
import Ajv from "ajv";
import { expect } from "vitest";
import { z } from "zod";
import type { SarifLog } from "../../../cli/index.js";

const text = z.object({ text: z.string().min(1) }).strict();
const level = z.enum(["none", "note", "warning", "error"]);
const absoluteUri = z.string().regex(/^[a-z][a-z0-9+.-]*:/i);

/** What SARIF 2.1.0 requires of the objects `check` writes; `.strict()` as the schema's `additionalProperties: false`. */
const SARIF_SUBSET = z
  .object({
    $schema: absoluteUri,
    version: z.literal("2.1.0"),
    runs: z
      .array(
        z
          .object({
            tool: z
              .object({
                driver: z
                  .object({
                    name: z.string().min(1),
                    version: z.string().min(1),
                    rules: z.array(
                      z
                        .object({
                          id: z.string().min(1),
                          name: z.string().regex(/^[A-Za-z]+$/),
                          shortDescription: text,
                          fullDescription: text,
                          help: text,
                          defaultConfiguration: z.object({ level }).strict(),
                        })
                        .strict(),
                    ),
                  })
                  .strict(),
              })
              .strict(),
            originalUriBaseIds: z.record(
              z.string(),
              z.object({ uri: absoluteUri.regex(/\/$/) }).strict(),
            ),
            invocations: z
              .array(
                z
                  .object({
                    executionSuccessful: z.boolean(),
                    exitCode: z.number().int(),
                    toolExecutionNotifications: z
                      .array(z.object({ level, message: text }).strict())
                      .optional(),
                  })
                  .strict(),
              )
              .length(1),
            results: z.array(
              z
                .object({
                  ruleId: z.string().min(1),
                  ruleIndex: z.number().int().min(0),
                  level,
                  message: text,
                  locations: z
                    .array(
                      z
                        .object({
                          physicalLocation: z
                            .object({
                              artifactLocation: z
                                .object({
                                  uri: z.string().min(1),
                                  uriBaseId: z.string().optional(),
                                })
                                .strict(),
                            })
                            .strict(),
                          logicalLocations: z
                            .array(
                              z
                                .object({ name: z.string(), fullyQualifiedName: z.string() })
                                .strict(),
                            )
                            .optional(),
                        })
                        .strict(),
                    )
                    .length(1),
                  partialFingerprints: z.record(z.string(), z.string()),
                  properties: z.record(z.string(), z.unknown()),
                })
                .strict(),
            ),
          })
          .strict(),
      )
      .length(1),
  })
  .strict();

const require = createRequire(import.meta.url);
export const validateOfficial = new Ajv({ schemaId: "id", allErrors: true, validateSchema: false })
  .addMetaSchema(require("ajv/lib/refs/json-schema-draft-04.json") as object)
  .compile(require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json") as object);

/**
 * The log checked against the official schema and `SARIF_SUBSET`, and the cross-references
 * neither can state.
 */
export function expectValidSarif(log: SarifLog): void {
  validateOfficial(JSON.parse(JSON.stringify(log)));
  expect(validateOfficial.errors ?? []).toEqual([]);
  const parsed = SARIF_SUBSET.parse(JSON.parse(JSON.stringify(log)));
  const [run] = parsed.runs;
  const ids = run!.tool.driver.rules.map((rule) => rule.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const result of run!.results) {
    expect(ids[result.ruleIndex]).toBe(result.ruleId);
    const { uri, uriBaseId } = result.locations[0]!.physicalLocation.artifactLocation;
    // A relative reference names its base; an absolute one is a file: URI and needs none.
    if (uriBaseId === undefined) expect(uri).toMatch(/^file:\/\//);
    else {
      expect(Object.keys(run!.originalUriBaseIds)).toContain(uriBaseId);
      expect(() => new URL(uri, run!.originalUriBaseIds[uriBaseId]!.uri)).not.toThrow();
      expect(uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\/|\s/i);
    }
  }
}
