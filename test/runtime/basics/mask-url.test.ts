import { describe, expect, it } from "vitest";
import { decodeOnce, maskUrl } from "../../../runtime/basics/mask-url.js";

describe("maskUrl", () => {
  // [given, want]
  const table: ReadonlyArray<readonly [string, string]> = [
    ["https://h.example/mcp", "https://h.example/mcp"],
    ["https://u:p@h.example/mcp#frag", "https://h.example/mcp"],
    [
      "https://h.example/mcp?token=100%25sure&mode=fast",
      "https://h.example/mcp?token=***&mode=***",
    ],
    ["https://h.example/s/sk_live_4eC39HqLyjWDarjtT1zdp7dc/mcp", "https://h.example/s/***/mcp"],
    [
      "https://h.example/servers/550e8400-e29b-41d4-a716-446655440000/mcp",
      "https://h.example/servers/***/mcp",
    ],
    ["https://h.example/k/sk_live_4eC39HqLyjWDarjtT1zdp7dc%2F/mcp", "https://h.example/k/***/mcp"],
    ["https://h.example/v1/tools/get_weather/mcp", "https://h.example/v1/tools/get_weather/mcp"],
    ["https://h.example/%E0%A4%A/mcp", "https://h.example/%E0%A4%A/mcp"],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(maskUrl(given)).toBe(want);
  });
});

describe("decodeOnce", () => {
  // [given, want]
  const table: ReadonlyArray<readonly [string, string]> = [
    ["100%25sure", "100%sure"],
    ["%2541", "%41"],
    ["100%sure", "100%sure"],
    ["%E0%A4%A", "%E0%A4%A"],
    ["a+b", "a+b"],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(decodeOnce(given)).toBe(want);
  });
});
