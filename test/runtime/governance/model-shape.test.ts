/**
 * `shapeForModel` (what `shape: "model"` returns): the text a model is given for each kind of
 * content, structured content once, and the cap with its marker.
 */
import { describe, expect, it } from "vitest";
import { shapeForModel, type CallToolResult } from "@mcp-codegen/runtime";

const PNG_12_KIB = "A".repeat(16_384); // 16,384 base64 characters are 12,288 bytes

// [what, result, want]
const CASES: readonly (readonly [string, CallToolResult, string])[] = [
  [
    "text blocks, joined",
    {
      content: [
        { type: "text", text: "one" },
        { type: "text", text: "two" },
      ],
    },
    "one\ntwo",
  ],
  ["no content", { content: [] }, ""],
  [
    "structured content as JSON, its repeated text block left out",
    {
      content: [
        { type: "text", text: '{ "sum": 3 }' },
        { type: "text", text: "note" },
      ],
      structuredContent: { sum: 3 },
    },
    '{"sum":3}\nnote',
  ],
  [
    "structured content that is not an object",
    { content: [], structuredContent: [1, null] },
    "[1,null]",
  ],
  [
    "an image, summarised",
    { content: [{ type: "image", data: PNG_12_KIB, mimeType: "image/png" }] },
    "[image/png, 12 KiB]",
  ],
  [
    "audio, summarised",
    { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }] },
    "[audio/wav, 3 B]",
  ],
  [
    "an embedded text resource, summarised",
    {
      content: [
        {
          type: "resource",
          resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "héllo" },
        },
      ],
    },
    "[resource file:///a.txt, text/plain, 6 B]",
  ],
  [
    "a blob resource, summarised",
    { content: [{ type: "resource", resource: { uri: "file:///b.bin", blob: "AAA=" } }] },
    "[resource file:///b.bin, 2 B]",
  ],
  [
    "a resource link",
    {
      content: [
        { type: "resource_link", uri: "file:///c.pdf", name: "c", mimeType: "application/pdf" },
      ],
    },
    "[resource link file:///c.pdf, application/pdf]",
  ],
  [
    "a block type this runtime does not know",
    { content: [{ type: "hologram" } as unknown as CallToolResult["content"][number]] },
    '["hologram" content]',
  ],
  [
    "a tool error, marked",
    { content: [{ type: "text", text: "no such city" }], isError: true },
    "[tool error] no such city",
  ],
];

describe("shapeForModel", () => {
  it.each(CASES)("%s", (_what, result, want) => {
    expect(shapeForModel(result)).toBe(want);
  });

  it("caps the text with a marker saying how much was cut", () => {
    const text = shapeForModel(
      { content: [{ type: "text", text: "x".repeat(1_000) }] },
      { maxChars: 100 },
    );
    expect(text.length).toBeLessThanOrEqual(100);
    const kept = text.indexOf("\n");
    expect(text.slice(kept)).toBe(`\n[… ${1_000 - kept} more characters cut]`);
    expect(
      shapeForModel({ content: [{ type: "text", text: "x".repeat(100) }] }, { maxChars: 100 }),
    ).toBe("x".repeat(100));
  });

  it("never splits a surrogate pair at the cut", () => {
    const text = shapeForModel(
      { content: [{ type: "text", text: "😀".repeat(100) }] },
      { maxChars: 60 },
    );
    const kept = text.slice(0, text.indexOf("\n"));
    expect(kept).toBe("😀".repeat(kept.length / 2));
    expect(encodeURIComponent(text)).toContain("%F0%9F%98%80"); // throws on a lone surrogate
  });
});
