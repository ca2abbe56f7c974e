/**
 * The entries the registry tests serve are valid `server.json` by the registry's own schema
 * (test/fixtures/registry/server.schema.json, copied with its licence note), and what the schema
 * accepts for packages and remotes, the zod shapes here accept too.
 */
import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serverJsonSchema } from "../../../cli/registry/server-json.js";

const schema = JSON.parse(
  readFileSync(new URL("../../fixtures/registry/server.schema.json", import.meta.url), "utf8"),
) as object;
const validate = new Ajv({ schemaId: "auto", unknownFormats: "ignore" }).compile(schema);

const ENTRIES = {
  "npm package with arguments and secret variable": {
    name: "io.github.acme/contract",
    version: "3.1.0",
    description: "A contract server",
    packages: [
      {
        registryType: "npm",
        identifier: "@acme/contract-mcp",
        version: "3.1.0",
        transport: { type: "stdio" },
        packageArguments: [{ type: "named", name: "--mode", value: "read-only" }],
        environmentVariables: [{ name: "CONTRACT_TOKEN", isRequired: true, isSecret: true }],
      },
    ],
  },
  "remote with a secret header and a URL variable": {
    name: "io.github.acme/sink",
    version: "2.0.0",
    description: "A sink",
    remotes: [
      {
        type: "streamable-http",
        url: "https://{tenant}.example.com/mcp",
        variables: { tenant: { isRequired: true } },
        headers: [{ name: "X-Sink-Key", description: "The key", isRequired: true, isSecret: true }],
      },
    ],
  },
};

describe("server.json fixtures", () => {
  it.each(Object.entries(ENTRIES))(
    "%s is valid by the registry's schema and read here",
    (_name, entry) => {
      expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
      expect(serverJsonSchema.safeParse(entry).success).toBe(true);
    },
  );

  it("the schema refuses what it should (a name without its namespace)", () => {
    expect(
      validate({
        ...ENTRIES["npm package with arguments and secret variable"],
        name: "nonamespace",
      }),
    ).toBe(false);
  });
});
