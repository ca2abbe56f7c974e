/**
 * `--open-input-types`: the choice is written into the snapshot's `codegen` section, so `check`
 * (and `generate`) reproduce the open input types from the snapshot alone; a pull without the
 * flag returns to the default.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenSinkStdio } from "../fixtures/servers/index.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const sink = kitchenSinkStdio();

describe("pull --open-input-types", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("open-input-types");
    const run = await runCliCaptured(
      ["pull", "--open-input-types", "--out", "out", "--", sink.command, ...sink.args],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
  afterAll(() => project.remove());

  it("keeps the choice in the snapshot, and check reproduces it", async () => {
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toEqual({ openInputTypes: true });
    expect((await runCliCaptured(["check", "--out", "out"], project.dir)).code).toBe(0);
  });

  it("is dropped by a pull without the flag", async () => {
    const run = await runCliCaptured(
      ["pull", "--out", "out", "--", sink.command, ...sink.args],
      project.dir,
    );
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toBeUndefined();
  });
});
