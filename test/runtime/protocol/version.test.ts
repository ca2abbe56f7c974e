import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNTIME_VERSION } from "@mcp-codegen/runtime";

function manifest(path: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../../..", path), "utf8")) as {
    version: string;
    dependencies?: Record<string, string>;
  };
}

describe("RUNTIME_VERSION", () => {
  it("is the runtime package's version, which clientInfo and provenance headers report", () => {
    expect(RUNTIME_VERSION).toBe(manifest("runtime/package.json").version);
  });

  it("is the version of the CLI package too, which depends on exactly this runtime", () => {
    const cli = manifest("package.json");
    expect(cli.version).toBe(RUNTIME_VERSION);
    expect(cli.dependencies?.["@mcp-codegen/runtime"]).toBe(RUNTIME_VERSION);
  });
});
