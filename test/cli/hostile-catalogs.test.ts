/**
 * Property: whatever catalog a server sends, `mcp-codegen pull` either writes a client that
 * compiles under the strictest settings, imports without throwing and validates in linear time,
 * or fails with exit 4 and one line (exit 3 when a list is nested past the client's
 * MAX_JSON_DEPTH); never an internal error, never both wrong. Catalogs come from
 * test/support/hostile-catalog.ts and are served over stdio by the contract server, each pulled by
 * the real CLI (half of them with `--strict`). Compiling and importing are batched over every
 * client pulled, so the whole property costs two tsc programs and one child process.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";
import { contractServerCommand } from "../support/cli-servers.js";
import { typeScriptFiles } from "../support/golden-cases.js";
import { hostileCatalog } from "../support/hostile-catalog.js";
import { jsonNestingProblem, MAX_JSON_DEPTH } from "../../runtime/basics/json-depth.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

/** Catalogs pulled per run: enough to meet every family, few enough for a shared machine. */
const RUNS = 30;
const PROBE = fileURLToPath(new URL("../fixtures/cli/probe-generated.ts", import.meta.url));

/** What may never reach a terminal from a server: C0 (but newline), DEL, C1, bidi and separators. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let project: TempProject;
const pulledFolders: string[] = [];
const outcomes = { ok: 0, strictFailures: 0, contractFailures: 0, tooDeep: 0 };

beforeAll(async () => {
  assertRuntimeBuilt();
  project = await createTempProject("hostile");
});
afterAll(async () => {
  await project.remove();
});

describe("hostile catalogs", () => {
  it("pull exits 0 (or 4 with one error line), prints nothing unprintable, and never fails otherwise", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(hostileCatalog, fc.boolean(), async (catalog, strict) => {
        run += 1;
        const file = await project.write(`catalogs/${run}.json`, catalog);
        const out = `out/${run}`;
        const result = await runCliCaptured(
          [
            "pull",
            "--out",
            out,
            ...(strict ? ["--strict"] : []),
            "--",
            ...contractServerCommand(file),
          ],
          project.dir,
        );
        const printed = result.stdout + result.stderr;
        expect(printed, printed).not.toMatch(UNPRINTABLE);
        const lists = [
          catalog.tools,
          catalog.prompts,
          catalog.resources,
          catalog.resourceTemplates,
        ];
        // A list result is as deep as `{ list }`: past the bound, the server's answer is broken.
        if (lists.some((list) => jsonNestingProblem({ list }, MAX_JSON_DEPTH) !== undefined)) {
          outcomes.tooDeep += 1;
          expect(result.stderr).toMatch(
            new RegExp(`^error: [^\n]+nested more than ${MAX_JSON_DEPTH} levels deep[^\n]+\n$`),
          );
          expect(result.code, printed).toBe(3);
          return;
        }
        expect([0, 4], printed).toContain(result.code);
        if (result.code === 0) {
          outcomes.ok += 1;
          pulledFolders.push(project.path(out));
          return;
        }
        if (strict) outcomes.strictFailures += 1;
        else outcomes.contractFailures += 1;
        const errors = result.stderr.split("\n").filter((line) => line.startsWith("error"));
        expect(errors, printed).toHaveLength(1);
      }),
      { numRuns: RUNS },
    );
    expect(outcomes.ok).toBeGreaterThan(0);
  }, 300_000);

  describe.each(GENERATED_CODE_CONFIGS)("every pulled client, $label", ({ options }) => {
    it("compiles with zero diagnostics", () => {
      const files = pulledFolders.flatMap(typeScriptFiles);
      expect(files.length).toBeGreaterThan(0);
      const diagnostics = typecheck(files, options);
      if (diagnostics.length > 0) {
        expect.fail(`${diagnostics.length} diagnostics:\n${diagnostics.slice(0, 40).join("\n")}`);
      }
    }, 240_000);
  });

  it("imports every module and validates exponential-backtracking inputs to the end", async () => {
    const files = pulledFolders.flatMap(typeScriptFiles);
    const probe = await runNode(["--import", TSX_LOADER, PROBE, ...files], project.dir);
    expect(probe.stderr).toBe("");
    expect(probe.code).toBe(0);
    const report = JSON.parse(probe.stdout) as { modules: number; tools: number };
    expect(report.modules).toBe(files.length);
    expect(report.tools).toBeGreaterThan(0);
  }, 240_000);
});
