/**
 * Skills through the generator (SEP-2640), against the official server SDK's skills extension on
 * a loopback port: `pull` records each entry in the snapshot without reading a skill file and
 * generates `skills.ts` with literal URIs, names and frontmatter; `check --live` reports a changed
 * skill file as needing review, a removed skill as breaking.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckReport } from "../../../cli/index.js";
import { createTempProject, runCliCaptured, type TempProject } from "../../support/cli-run.js";
import { startSkillsServer, type SkillsServer } from "../../fixtures/servers/skills-server.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../../support/typecheck.js";

const PDF = {
  "SKILL.md":
    "---\nname: pdf-processing\ndescription: 'Fill PDF forms */ with care'\nlicense: MIT\n---\nUse references/FORMS.md.\n",
  "references/FORMS.md": "Form fields.\n",
};
const REFUNDS = {
  "SKILL.md": "---\nname: refunds\ndescription: Process refunds\n---\nRefund within 30 days.\n",
};
/** A second skill named `refunds`, under another path: a name is a label, not an identity. */
const SUPPORT_REFUNDS = {
  "SKILL.md": "---\nname: refunds\ndescription: Answer refund questions\n---\nBe kind.\n",
};
const SKILLS = {
  "pdf-processing": PDF,
  "acme/billing/refunds": REFUNDS,
  "acme/support/refunds": SUPPORT_REFUNDS,
};

let project: TempProject;
let server: SkillsServer;

beforeAll(async () => {
  assertRuntimeBuilt();
  project = await createTempProject("pull-skills");
  server = await startSkillsServer({ skills: SKILLS });
  await project.write("mcp-codegen.config.json", { servers: { docs: { url: server.url } } });
  const run = await runCliCaptured(["pull"], project.dir);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
});
afterAll(async () => {
  await server.close();
  await project.remove();
});

describe("pull with skills", () => {
  it("records every entry in the snapshot, sorted by URI, and reads no skill file", async () => {
    const snapshot = JSON.parse(await readFile(project.path("mcp/docs/mcp.snapshot.json"), "utf8"));
    expect(snapshot.skills.map((skill: { uri: string }) => skill.uri)).toEqual([
      "skill://acme/billing/refunds/SKILL.md",
      "skill://acme/support/refunds/SKILL.md",
      "skill://pdf-processing/SKILL.md",
    ]);
    expect(snapshot.skills[2].frontmatter).toEqual({
      description: "Fill PDF forms */ with care",
      license: "MIT",
      name: "pdf-processing",
    });
    expect(snapshot.skills[2].resources).toHaveLength(2);
    expect(server.reads).toEqual([]);
  });

  it("generates skills.ts whose URIs, names and frontmatter are literal types, and which compiles", async () => {
    const usage = project.path("use-skills.ts");
    await project.write(
      "use-skills.ts",
      `
import { connect } from "@mcp-codegen/runtime";
import { skills, pdfProcessing, acmeBillingRefunds, acmeSupportRefunds, type SkillName, type SkillUri } from "./mcp/docs/skills.js";
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectTrue<T extends true>(_proof?: T): void {}
expectTrue<Equal<SkillName, "pdf-processing" | "refunds">>();
expectTrue<Equal<SkillUri, "skill://acme/billing/refunds/SKILL.md" | "skill://acme/support/refunds/SKILL.md" | "skill://pdf-processing/SKILL.md">>();
expectTrue<Equal<typeof pdfProcessing.frontmatter.license, "MIT">>();
expectTrue<Equal<typeof acmeBillingRefunds.frontmatter.name, typeof acmeSupportRefunds.frontmatter.name>>();
// @ts-expect-error -- no such skill
skills["skill://nope/SKILL.md"];
export async function load(): Promise<string> {
  const client = await connect({ url: "http://127.0.0.1:1/mcp" });
  const skill = await client.skills.load(skills["skill://pdf-processing/SKILL.md"]);
  return skill.text;
}
`,
    );
    const generated = await readFile(project.path("mcp/docs/skills.ts"), "utf8");
    expect(generated).toContain("Fill PDF forms *\\/ with care");
    for (const config of GENERATED_CODE_CONFIGS) {
      expect(typecheck([usage], config.options), config.label).toEqual([]);
    }
  });

  it("check --live: a changed file needs review, a removed skill breaks", async () => {
    await server.serve({
      ...SKILLS,
      "pdf-processing": { ...PDF, "references/FORMS.md": "New.\n" },
    });
    const review = await runCliCaptured(["check", "--live", "--json"], project.dir);
    const reviewed = JSON.parse(review.stdout) as CheckReport;
    const drift = (reviewed as { servers: { drift: Record<string, unknown[]> }[] }).servers[0]!
      .drift;
    expect(drift.breaking).toEqual([]);
    expect(drift.needsReview).toEqual([
      expect.objectContaining({
        kind: "skill-content-changed",
        entity: "skill",
        name: "skill://pdf-processing/SKILL.md",
      }),
    ]);
    expect(review.code).not.toBe(0);
    const allowed = await runCliCaptured(["check", "--live", "--allow-review"], project.dir);
    expect(allowed.code).toBe(0);

    await server.serve({ "pdf-processing": PDF, "acme/billing/refunds": REFUNDS });
    const broken = await runCliCaptured(["check", "--live", "--json"], project.dir);
    const report = JSON.parse(broken.stdout) as { servers: { drift: Record<string, unknown[]> }[] };
    expect(report.servers[0]!.drift.breaking).toEqual([
      expect.objectContaining({
        kind: "skill-removed",
        name: "skill://acme/support/refunds/SKILL.md",
      }),
    ]);
    expect(broken.code).toBe(1);
    await server.serve(SKILLS);
  });
});
