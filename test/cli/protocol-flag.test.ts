/**
 * `pull --protocol` (and the config's `protocol`): `auto` finds an initialize-era server by
 * itself, a version pins the era, and anything else is a usage error. The choices are the
 * runtime's own versions.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { PROTOCOL_CHOICES } from "../../cli/config/protocol-choices.js";
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from "../../runtime/protocol/protocol.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const LEGACY_SERVER = fileURLToPath(
  new URL("../fixtures/stdio-misbehaving/legacy-server.mjs", import.meta.url),
);
const server = (mode: string) => [process.execPath, LEGACY_SERVER, mode];

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("protocol-flag");
});
afterAll(() => project.remove());

async function snapshotVersion(out: string): Promise<unknown> {
  const text = await readFile(join(project.dir, out, "mcp.snapshot.json"), "utf8");
  return (JSON.parse(text) as { protocolVersion: unknown }).protocolVersion;
}

describe("pull --protocol", () => {
  it("offers auto and exactly the versions the runtime speaks", () => {
    expect(PROTOCOL_CHOICES).toEqual([
      "auto",
      ...MODERN_PROTOCOL_VERSIONS,
      ...LEGACY_PROTOCOL_VERSIONS,
    ]);
  });

  it("pulls an initialize-era server without the flag, and records its version", async () => {
    const run = await runCliCaptured(
      ["pull", "--out", "auto", "--", ...server("polite")],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(ExitCode.Ok);
    expect(await snapshotVersion("auto")).toBe("2025-11-25");
  });

  it("pins a legacy version", async () => {
    const run = await runCliCaptured(
      ["pull", "--protocol", "2025-06-18", "--out", "pinned", "--", ...server("exits")],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(ExitCode.Ok);
    expect(await snapshotVersion("pinned")).toBe("2025-06-18");
  });

  it("fails, with exit 3, when a pinned 2026-07-28 meets an initialize-era server", async () => {
    const run = await runCliCaptured(
      ["pull", "--protocol", "2026-07-28", "--out", "modern", "--", ...server("polite")],
      project.dir,
    );
    expect(run.stderr).toMatch(/does not answer as an MCP 2026-07-28 server/);
    expect(run.code).toBe(ExitCode.Server);
  });

  it("refuses a version it does not know, naming the choices", async () => {
    const run = await runCliCaptured(
      ["pull", "--protocol", "2030-01-01", "--url", "http://x"],
      project.dir,
    );
    expect(run.stderr).toMatch(/--protocol.*2030-01-01.*auto/s);
    expect(run.code).toBe(ExitCode.Usage);
  });
});
