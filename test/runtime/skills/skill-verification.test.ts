/**
 * The checks a loaded skill's reads go through, without a server: any bytes that are not the
 * entry's fail by size or digest (a property), frontmatter compares field by field, and a
 * malformed entry is refused whole (a given/want table).
 */
import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { isMcpError, LoadedSkill, type Skill } from "@mcp-codegen/runtime";
import {
  differingFields,
  parseFrontmatter,
  readSkillEntry,
  sha256Digest,
} from "../../../runtime/skills/index.js";

const SKILL = "skill://demo/SKILL.md";
const FILE = "skill://demo/notes.md";

async function entryFor(text: string): Promise<Skill> {
  const bytes = new TextEncoder().encode(text);
  return {
    uri: SKILL,
    frontmatter: { name: "demo", description: "Demo" },
    resources: [
      { uri: SKILL, digest: await sha256Digest(new Uint8Array()), size: 0 },
      { uri: FILE, digest: await sha256Digest(bytes), size: bytes.byteLength },
    ],
  };
}

function servedAs(text: string) {
  return async (uri: string) => ({ contents: [{ uri, text }] });
}

describe("a loaded skill's reads", () => {
  it("return a file whose bytes are the entry's, and refuse any other bytes by size or digest", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme" }),
        fc.string({ unit: "grapheme" }),
        async (published, served) => {
          const skill = new LoadedSkill("server-a", await entryFor(published), servedAs(served));
          const read = skill.readFile("notes.md").then(
            (file) => ({ ok: file.text }),
            (error: unknown) => ({ error }),
          );
          const outcome = await read;
          if (served === published) {
            expect(outcome).toEqual({ ok: published });
          } else {
            expect("error" in outcome && isMcpError(outcome.error)).toBe(true);
            const error = (outcome as { error: { kind: string; data: { differs: string } } }).error;
            expect(error.kind).toBe("protocol");
            expect(["size", "digest"]).toContain(error.data.differs);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("computes SHA-256 as the spec formats it", async () => {
    expect(await sha256Digest(new TextEncoder().encode("abc"))).toBe(
      "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("frontmatter", () => {
  const json = fc.dictionary(
    fc.string({ minLength: 1 }).filter((key) => key !== "__proto__"),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  );

  it("parses back what YAML wrote, and names exactly the fields changed", async () => {
    await fc.assert(
      fc.asyncProperty(json, fc.string({ minLength: 1 }), async (fields, changed) => {
        const parsed = await parseFrontmatter(`---\n${stringify(fields)}---\nbody\n`);
        expect(parsed).toEqual({ fields });
        const entry = { ...fields, [changed]: ["not", "what", "the", "file", "says", Math.PI] };
        expect(differingFields(fields, entry)).toEqual([changed]);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ["no block", "# Title\n"],
    ["an unclosed block", "---\nname: a\n"],
    ["a list, not a mapping", "---\n- a\n---\n"],
    ["duplicate keys", "---\nname: a\nname: b\n---\n"],
    ["invalid YAML", "---\nname: [a\n---\n"],
  ])("finds none in a file with %s", async (_case, text) => {
    expect(await parseFrontmatter(text)).toHaveProperty("problem");
  });

  it("ignores a BOM and accepts CRLF lines", async () => {
    expect(await parseFrontmatter("\uFEFF---\r\nname: a\r\n---\r\nbody")).toEqual({
      fields: { name: "a" },
    });
  });
});

describe("readSkillEntry", () => {
  const digest = `sha256:${"0".repeat(64)}`;
  const good = {
    uri: "skill://acme/refunds/SKILL.md",
    frontmatter: { name: "refunds", description: "Refunds" },
    resources: [{ uri: "skill://acme/refunds/SKILL.md", digest, size: 3 }],
  };
  const context = { method: "skills/list" };

  it("takes a well-formed entry and a dynamic one", () => {
    expect(readSkillEntry(good, context)).toEqual(good);
    expect(readSkillEntry({ ...good, resources: "dynamic" }, context).resources).toBe("dynamic");
  });

  it.each<[string, unknown]>([
    ["not an object", "skill"],
    ["no uri", { ...good, uri: 1 }],
    ["a uri not ending in SKILL.md", { ...good, uri: "skill://acme/refunds/README.md" }],
    ["a last folder other than the name", { ...good, uri: "skill://acme/other/SKILL.md" }],
    ["no description", { ...good, frontmatter: { name: "refunds" } }],
    ["no resources", { ...good, resources: undefined }],
    ["resources of another string", { ...good, resources: "static" }],
    [
      "an uppercase digest",
      { ...good, resources: [{ ...good.resources[0], digest: digest.toUpperCase() }] },
    ],
    ["a negative size", { ...good, resources: [{ ...good.resources[0], size: -1 }] }],
    ["a fractional size", { ...good, resources: [{ ...good.resources[0], size: 1.5 }] }],
    [
      "no SKILL.md file",
      { ...good, resources: [{ uri: "skill://acme/refunds/a.md", digest, size: 1 }] },
    ],
    [
      "a file outside the folder",
      {
        ...good,
        resources: [...good.resources, { uri: "skill://acme/other.md", digest, size: 1 }],
      },
    ],
    ["a file listed twice", { ...good, resources: [...good.resources, ...good.resources] }],
  ])("refuses an entry with %s", (_case, value) => {
    let caught: unknown;
    try {
      readSkillEntry(value, context);
    } catch (error) {
      caught = error;
    }
    expect(isMcpError(caught) && caught.kind === "protocol").toBe(true);
  });
});
