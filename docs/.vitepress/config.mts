/**
 * The docs site: `npm run docs:build` writes the API reference (TypeDoc, docs/api/) and then this
 * site into docs/.vitepress/dist/, offline. VitePress fails the build on a link to a page that
 * does not exist; test/docs/links.test.ts also checks every anchor, without a build.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme } from "vitepress";

/** The API reference's sidebar, written by typedoc-vitepress-theme; absent before the first build. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const path = fileURLToPath(new URL("../api/typedoc-sidebar.json", import.meta.url));
  if (!existsSync(path)) return [];
  return JSON.parse(readFileSync(path, "utf8")) as DefaultTheme.SidebarItem[];
}

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: "Guide",
    items: [
      { text: "Getting started", link: "/guide/getting-started" },
      { text: "The command", link: "/guide/cli" },
      { text: "Configuration", link: "/guide/configuration" },
      { text: "Secrets", link: "/guide/secrets" },
      { text: "Protected servers (OAuth)", link: "/guide/protected-servers" },
      { text: "Servers from the MCP registry", link: "/guide/registry" },
      { text: "In CI: check", link: "/guide/ci" },
      { text: "Programmatic API", link: "/guide/programmatic-api" },
      { text: "What it generates", link: "/guide/generated-code" },
      { text: "Testing with mocks", link: "/guide/testing" },
      { text: "AI applications", link: "/guide/ai-applications" },
      { text: "Platforms", link: "/guide/platforms" },
      { text: "Migrating from the official SDK", link: "/guide/migrating" },
    ],
  },
  {
    text: "The runtime",
    items: [
      { text: "Overview", link: "/runtime/" },
      { text: "Protocol eras", link: "/runtime/eras" },
      { text: "Multi round-trip requests", link: "/runtime/mrtr" },
      { text: "Tasks", link: "/runtime/tasks" },
      { text: "Subscriptions: listen", link: "/runtime/listen" },
      { text: "Caching", link: "/runtime/caching" },
      { text: "Authorization (OAuth)", link: "/runtime/authorization" },
      { text: "Long-lived clients", link: "/runtime/lifecycle" },
      { text: "Governance", link: "/runtime/governance" },
      { text: "Code mode", link: "/runtime/code-mode" },
      { text: "Skills", link: "/runtime/skills" },
      { text: "Errors", link: "/runtime/errors" },
    ],
  },
  {
    text: "More",
    items: [
      { text: "Security", link: "/security" },
      { text: "Servers and conformance", link: "/compatibility" },
      { text: "Benchmarks", link: "/benchmarks" },
      { text: "Repository layout", link: "/contributing" },
      { text: "API reference", link: "/api/" },
    ],
  },
];

export default defineConfig({
  title: "mcp-codegen",
  description: "Typed TypeScript clients for Model Context Protocol servers",
  // DOCS_BASE: the path the site is served under (GitHub Pages serves a project at /<name>/).
  base: process.env.DOCS_BASE ?? "/",
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "Runtime", link: "/runtime/" },
      { text: "API", link: "/api/" },
    ],
    sidebar: {
      "/api/": [{ text: "API reference", link: "/api/", items: apiSidebar() }],
      "/": guide,
    },
    // Local search (MiniSearch in the page): the site works offline, no third-party service.
    search: { provider: "local" },
    outline: [2, 3],
  },
});
