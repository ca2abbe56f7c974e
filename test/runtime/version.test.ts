import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNTIME_VERSION } from "@mcp-codegen/runtime";

describe("RUNTIME_VERSION", () => {
  it("is the package's version, which clientInfo and provenance headers report", () => {
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../package.json"), "utf8"),
    ) as {
      version: string;
    };
    expect(RUNTIME_VERSION).toBe(manifest.version);
  });
});
