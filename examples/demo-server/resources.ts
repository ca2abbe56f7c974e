/**
 * Resources: the static `demo://about` text, and the city guides behind the template
 * `demo://cities/{city}/guide{?lang}` (two variables, the second an optional query parameter).
 */
import { ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { ABOUT_TEXT, CITIES, GUIDE_LANGUAGES } from "./data.js";
import type { GuideLanguage } from "./data.js";
import { OptionalQueryUriTemplate } from "./optional-query-uri-template.js";

/** URI of the static about text. */
export const ABOUT_URI = "demo://about";

/** The city guide template (RFC 6570). */
export const CITY_GUIDE_TEMPLATE = "demo://cities/{city}/guide{?lang}";

/** Registers `about` and `city-guide` on `server`. */
export function registerResources(server: McpServer): void {
  server.registerResource(
    "about",
    ABOUT_URI,
    {
      title: "About this demo",
      description: "What the Trip Planner demo server is and where its data comes from.",
      mimeType: "text/plain",
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: ABOUT_TEXT }] }),
  );
  server.registerResource(
    "city-guide",
    new ResourceTemplate(new OptionalQueryUriTemplate(CITY_GUIDE_TEMPLATE), {
      list: undefined,
      complete: {
        city: (value) => Object.keys(CITIES).filter((slug) => slug.startsWith(value.toLowerCase())),
        lang: (value) => GUIDE_LANGUAGES.filter((lang) => lang.startsWith(value.toLowerCase())),
      },
    }),
    {
      title: "City guide",
      description: `A short travel guide to a city, in English (default) or French (lang=fr).`,
      mimeType: "text/markdown",
    },
    (uri, variables) => {
      const city = CITIES[single(variables["city"])];
      const lang = single(variables["lang"]) || "en";
      if (city === undefined || !isGuideLanguage(lang)) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: city.guide[lang] }] };
    },
  );
}

function isGuideLanguage(value: string): value is GuideLanguage {
  return (GUIDE_LANGUAGES as readonly string[]).includes(value);
}

/** Template variables arrive as lists for exploded expressions; these ones are scalars. */
function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}
