/**
 * Argument names that are also members of every object (`constructor`, `toString`, `__proto__`
 * …), and arbitrary key strings: the generated client compiles with its `= {}` defaults, and the
 * validators see own keys only, `__proto__` included.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INHERITED_NAMES } from "../../templates/empty-default.js";
import { generateFiles } from "../../templates/generate.js";
import { prepareSchema } from "../../templates/schema/prepare.js";
import { schemaToZod } from "../../templates/schema/emit/zod.js";
import { createSnapshot } from "../../templates/snapshot.js";
import type { Prompt, ResourceTemplate, Tool } from "../../runtime/protocol/types.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";
import { evaluateZod } from "./schema/evaluate-zod.js";

const COMPILE_TIMEOUT = 120_000;

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** An object schema with these optional number properties (a `__proto__` key stays a key). */
function optionalNumbers(names: readonly string[]): Tool["inputSchema"] {
  const properties: Record<string, unknown> = {};
  for (const name of names)
    Object.defineProperty(properties, name, {
      value: { type: "number" },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return { type: "object", properties } as Tool["inputSchema"];
}

function catalog(keySets: ReadonlyArray<readonly string[]>): Parameters<typeof createSnapshot>[0] {
  const tools: Tool[] = PROTOTYPE_NAMES.map((name, i) => ({
    name: i === 0 ? "first" : `proto_${i}`,
    inputSchema: optionalNumbers([name, "decimals"]),
    outputSchema: optionalNumbers([name]),
  }));
  keySets.forEach((names, i) =>
    tools.push({ name: `keys_${i}`, inputSchema: optionalNumbers(names) }),
  );
  const prompts: Prompt[] = [
    { name: "prototype_args", arguments: PROTOTYPE_NAMES.map((name) => ({ name })) },
  ];
  // URI template variable names are `[A-Za-z0-9_.%]`: the identifier-like members qualify.
  const variables = PROTOTYPE_NAMES.filter((name) => /^[A-Za-z_]+$/.test(name));
  const resourceTemplates: ResourceTemplate[] = [
    { name: "prototype_vars", uriTemplate: `x://{?${variables.join(",")}}` },
  ];
  return {
    name: "keys",
    server: { name: "keys", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {}, prompts: {}, resources: {} },
    clientCapabilities: {},
    tools,
    prompts,
    resources: [],
    resourceTemplates,
  };
}

const keyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 10 }),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom("__proto__ ", "prototype", "then", "", "0", "-1", "a-b", "\u2028"),
);

const keySet: fc.Arbitrary<string[]> = fc.uniqueArray(keyString, { minLength: 1, maxLength: 6 });

describe("INHERITED_NAMES", () => {
  it("is exactly what a {} literal inherits on this engine", () => {
    expect([...INHERITED_NAMES].sort()).toEqual([...PROTOTYPE_NAMES].sort());
  });
});

describe("argument names inherited by every object", () => {
  let dir = "";

  beforeAll(() => {
    assertRuntimeBuilt();
    mkdirSync(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
    dir = mkdtempSync(join(REPOSITORY_ROOT, ".tmp", "generated-keys-"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "compile with their `= {}` defaults, for every Object.prototype member and arbitrary keys",
    async () => {
      const keySets = fc.sample(keySet, { numRuns: 12, seed: 6 });
      const files = await generateFiles(createSnapshot(catalog(keySets)), {
        generatorVersion: "0.0.0-test",
      });
      const roots: string[] = [];
      for (const file of files) {
        const path = join(dir, file.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.content);
        if (path.endsWith(".ts")) roots.push(path);
      }
      const calls = join(dir, "calls.ts");
      writeFileSync(
        calls,
        [
          'import type { McpClient } from "@mcp-codegen/runtime";',
          'import { first, getPrototypeArgsPrompt, readPrototypeVars } from "./index.js";',
          "declare const client: McpClient;",
          // The defaults are what is under test: each call leaves its argument out.
          "export const calls = [first(client), getPrototypeArgsPrompt(client), readPrototypeVars(client)];",
          "// @ts-expect-error -- still a number",
          "export const wrong = first(client, { constructor: 'x' });",
        ].join("\n"),
      );
      roots.push(calls);
      for (const { options } of GENERATED_CODE_CONFIGS)
        expect(typecheck(roots, options)).toEqual([]);
    },
    COMPILE_TIMEOUT,
  );
});

describe("validators of inherited and arbitrary keys", () => {
  const validator = (
    names: readonly string[],
    required: readonly string[] = [],
  ): ReturnType<typeof evaluateZod> =>
    evaluateZod(
      schemaToZod(prepareSchema({ ...optionalNumbers(names), required }), {
        constName: "v",
        typeName: "V",
      }),
    );

  it.each(PROTOTYPE_NAMES)("%s: absent is absent, an own value is checked", (name) => {
    const optional = validator([name]);
    const required = validator([name], [name]);
    // JSON.parse: the way values arrive, and the only literal form that owns a `__proto__` key.
    const own = (value: unknown): unknown =>
      JSON.parse(`{${JSON.stringify(name)}: ${JSON.stringify(value)}}`);
    expect({
      optionalAbsent: optional.safeParse({}).success,
      optionalNumber: optional.safeParse(own(1)).success,
      optionalString: optional.safeParse(own("x")).success,
      requiredAbsent: required.safeParse({}).success,
      requiredNumber: required.safeParse(own(1)).success,
      requiredString: required.safeParse(own("x")).success,
    }).toEqual({
      optionalAbsent: true,
      optionalNumber: true,
      optionalString: false,
      requiredAbsent: false,
      requiredNumber: true,
      requiredString: false,
    });
  });

  it("property: for any keys, own values are checked and absent keys are absent", () => {
    fc.assert(
      fc.property(keySet, fc.nat(), fc.boolean(), (names, pick, asNumber) => {
        const name = names[pick % names.length] as string;
        const check = validator(names, [name]);
        const present = JSON.parse(
          `{${JSON.stringify(name)}: ${asNumber ? "1" : '"x"'}}`,
        ) as unknown;
        expect(check.safeParse(present).success).toBe(asNumber);
        expect(check.safeParse({}).success).toBe(false);
        expect(validator(names).safeParse({}).success).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
