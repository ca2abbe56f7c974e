/**
 * Finds the Chromium the browser test drives: `CHROMIUM_PATH` if set, else the first of
 * Debian's and other distributions' names on PATH. Playwright downloads no browser here; it
 * drives this one by its executable path.
 */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

/** The executable's path; throws one line saying how to install Chromium when there is none. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const given = env["CHROMIUM_PATH"];
  if (given !== undefined && given !== "") return given;
  for (const folder of (env["PATH"] ?? "").split(delimiter)) {
    for (const name of NAMES) {
      const candidate = join(folder, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here; keep looking.
      }
    }
  }
  throw new Error(
    "No Chromium found on PATH: install it (Debian: `apt-get install -y chromium`; .ci/run " +
      "does) or set CHROMIUM_PATH to a Chromium or Chrome executable.",
  );
}
