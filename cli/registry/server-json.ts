/**
 * The parts of a registry entry (`server.json`, MCP registry schema 2025-era and draft) that turn
 * into a target, validated with zod. Everything else a publisher writes is ignored. Every string
 * is untrusted: the shapes here only say what the fields are; `entry-target.ts` decides what may
 * reach a command line or a URL.
 */
import { z } from "zod";

/** An input the user may have to supply: a value, an environment variable, a header, a variable. */
const input = {
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  value: z.string().optional(),
  choices: z.array(z.string()).optional(),
};

const variableSchema = z.looseObject(input);

const inputWithVariables = {
  ...input,
  variables: z.record(z.string(), variableSchema).optional(),
};

const keyValueSchema = z.looseObject({ ...inputWithVariables, name: z.string().min(1) });

const argumentSchema = z.looseObject({
  ...inputWithVariables,
  type: z.enum(["positional", "named"]),
  name: z.string().optional(),
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional(),
});

const transportSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  headers: z.array(keyValueSchema).optional(),
  variables: z.record(z.string(), variableSchema).optional(),
});

const packageSchema = z.looseObject({
  registryType: z.string(),
  identifier: z.string().min(1),
  version: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: transportSchema,
  runtimeArguments: z.array(argumentSchema).optional(),
  packageArguments: z.array(argumentSchema).optional(),
  environmentVariables: z.array(keyValueSchema).optional(),
});

/** A `server.json`: what a server's author publishes. */
export const serverJsonSchema = z.looseObject({
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(255),
  description: z.string().optional(),
  packages: z.array(packageSchema).optional(),
  remotes: z.array(transportSchema).optional(),
});

/** What `GET /v0.1/servers/{name}/versions/{version}` answers: the entry and the registry's word on it. */
export const registryResponseSchema = z.looseObject({
  server: serverJsonSchema,
  _meta: z
    .looseObject({
      "io.modelcontextprotocol.registry/official": z
        .looseObject({ status: z.string().optional(), isLatest: z.boolean().optional() })
        .optional(),
    })
    .optional(),
});

export type ServerJson = z.infer<typeof serverJsonSchema>;
export type RegistryPackage = z.infer<typeof packageSchema>;
export type RegistryTransport = z.infer<typeof transportSchema>;
export type RegistryArgument = z.infer<typeof argumentSchema>;
export type RegistryKeyValue = z.infer<typeof keyValueSchema>;
export type RegistryInput = z.infer<typeof variableSchema>;

/**
 * The first problem zod found, as `at <path>: <message>`, for one-line errors that say where a
 * published entry is wrong.
 */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length === 0 ? "the top level" : issue.path.map(String).join(".");
  return `at ${where}: ${issue.message}`;
}
