import { describe, expect, it } from "vitest";
import { looksLikeCredential } from "../../../runtime/basics/credential-shape.js";

describe("looksLikeCredential", () => {
  // [given, want]
  const table: ReadonlyArray<readonly [string, boolean]> = [
    // Vendor prefixes, with enough after them.
    ["sk_live_4eC39HqLyjWDarjtT1zdp7dc", true],
    ["sk-proj-abcdefgh12", true],
    ["ghp_abcdefghijklmnop1234", true],
    ["github_pat_11ABCDEFG0123456789", true],
    ["xoxb-1234-5678-abcdef", true],
    ["AKIAIOSFODNN7EXAMPLE", true],
    ["sk_live_", false],
    ["sk-short", false],
    // JWTs, hex keys and UUID-style ids.
    ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123", true],
    ["eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", true],
    ["550e8400-e29b-41d4-a716-446655440000", true],
    ["0123456789abcdef0123456789abcdef", true],
    // Random-looking runs.
    ["xK8fQ2pL9vR4tY7wN3mZ", true],
    ["a3f9k2m8q7z1b5c6d4e0x", true],
    // Ordinary values: words, names, paths, dates, levels.
    ["info", false],
    ["production", false],
    ["application/json", false],
    ["2024-01-01", false],
    ["/var/log/app_2024.log", false],
    ["MyProject2024Release", false],
    ["Version12Build34Release56", false],
    ["get_weather_forecast_2024", false],
    ["tool_name_v2_with_many_parts", false],
    ["abcdefghijklmnopqrstuvwxyz0123456789", false],
    ["ABCDEFGHIJKLMNOPQRST1", false],
    ["0123456789abcdef", false],
    // Whitespace: never one token.
    ["xK8fQ2pL9v R4tY7wN3mZ", false],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(looksLikeCredential(given)).toBe(want);
  });
});
