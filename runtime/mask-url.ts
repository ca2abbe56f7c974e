/**
 * A URL as messages may show it: no user name or password, no fragment, every query value
 * replaced by `***` (API keys are often passed there). Runtime-neutral.
 */
export function maskUrl(url: URL | string): string {
  const safe = new URL(typeof url === "string" ? url : url.href);
  safe.username = "";
  safe.password = "";
  safe.hash = "";
  for (const key of new Set(safe.searchParams.keys())) safe.searchParams.set(key, "***");
  return safe.href.replace(/%2A%2A%2A/g, "***");
}
