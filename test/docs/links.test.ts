/**
 * Every link from one page of the docs to another resolves: the README and every page under
 * docs/ (the generated API reference aside), to a file that exists and, with a `#fragment`, to a
 * heading of that file. VitePress's build checks pages but not fragments; this checks both
 * without building. Slugs follow VitePress's default (`slugify` of @mdit-vue/shared) under docs/,
 * and GitHub's for the README.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { docsPages } from "../support/docs-pages.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";

const DOCS = join(REPOSITORY_ROOT, "docs");

/** VitePress's default heading slug. */
export function slugify(heading: string): string {
  return (
    heading
      .normalize("NFKD")
      .replace(/[\u0300-\u036F]/g, "")
      // eslint-disable-next-line no-control-regex -- VitePress drops control characters from slugs
      .replace(/[\u0000-\u001f]/g, "")
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "")
      .replace(/^(\d)/, "_$1")
      .toLowerCase()
  );
}

/** GitHub's heading slug, for the README (rendered by GitHub and npm, not VitePress). */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The text of a markdown heading as rendered: no backticks, link labels only. */
function headingText(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`/g, "");
}

/** The lines of a page with fenced code blanked out, so line numbers stay true. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (line.startsWith("```")) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  const slug = path.startsWith(DOCS) ? slugify : githubSlug;
  for (const line of proseLines(readFileSync(path, "utf8"))) {
    const heading = /^#{1,6} (.*?)(?: \{#([\w-]+)\})?$/.exec(line);
    if (heading !== null) anchors.add(heading[2] ?? slug(headingText(heading[1]!)));
  }
  return anchors;
}

/** The file a link points to: relative to the page, or to docs/ when it starts with `/`. */
function targetFile(page: string, target: string): string | undefined {
  const base = target.startsWith("/") ? join(DOCS, target) : join(dirname(page), target);
  const candidates = target.endsWith("/")
    ? [join(base, "index.md")]
    : [base, `${base}.md`, join(base, "index.md")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

interface Link {
  page: string;
  line: number;
  target: string;
}

function internalLinks(page: string): Link[] {
  const links: Link[] = [];
  proseLines(readFileSync(page, "utf8")).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      links.push({ page, line: index + 1, target });
    }
  });
  return links;
}

/** Why a link is broken, or undefined when it resolves. */
function brokenBecause(link: Link): string | undefined {
  const [path, fragment] = link.target.split("#", 2) as [string, string | undefined];
  // The API reference is written by the docs build; a link into it is checked by that build.
  if (path.startsWith("/api/")) return undefined;
  const file = path === "" ? link.page : targetFile(link.page, path);
  if (file === undefined) return "no such file";
  if (fragment !== undefined && !anchorsOf(file).has(fragment)) return `no heading #${fragment}`;
  return undefined;
}

const PAGES = [join(REPOSITORY_ROOT, "README.md"), ...docsPages(DOCS)];

describe("links between the docs' pages", () => {
  it("finds the pages and their links", () => {
    expect(PAGES.length).toBeGreaterThan(20);
    expect(PAGES.flatMap(internalLinks).length).toBeGreaterThan(20);
  });

  it("slugs headings as VitePress and GitHub do", () => {
    expect(slugify(headingText("`check --json` for CI"))).toBe("check-json-for-ci");
    expect(githubSlug(headingText("`check --json` for CI"))).toBe("check---json-for-ci");
    expect(slugify(headingText("Secrets: what is masked and what is not"))).toBe(
      "secrets-what-is-masked-and-what-is-not",
    );
  });

  it.each(PAGES.map((page) => [relative(REPOSITORY_ROOT, page), page]))(
    "%s: every internal link resolves",
    (_name, page) => {
      const broken = internalLinks(page)
        .map((link) => ({ link, why: brokenBecause(link) }))
        .filter((entry) => entry.why !== undefined)
        .map(({ link, why }) => `line ${link.line}: ${link.target}: ${why}`);
      expect(broken).toEqual([]);
    },
  );
});
