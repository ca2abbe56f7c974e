import { describe, expect, it } from "vitest";
import { defineConfig } from "../../../cli/config/define.js";

describe("defineConfig", () => {
  const table = [
    { servers: { demo: { command: "node" } } },
    { out: "gen", servers: { api: { url: "https://h/mcp", headers: { A: "b" } } } },
  ] as const;
  it.each(table)("returns %j itself", (given) => {
    const config = { ...given };
    expect(defineConfig(config)).toBe(config);
  });
});
