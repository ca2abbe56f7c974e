/**
 * What `pull` declares: by default every client capability the runtime can answer, so a server
 * that offers some tools only to such clients shows them all. A pull never runs a tool, so every
 * request a server sends while it lists is refused (see `refusingHandlers`).
 */
// The internal entry: the CLI reads `--capabilities` before it loads the runtime's client.
import { CLIENT_NEEDS, declaredNeeds, TASKS_EXTENSION } from "@mcp-codegen/runtime/internal";
import type { ClientCapabilities, ClientNeed, InputHandlers } from "@mcp-codegen/runtime";
import { CliError, ExitCode } from "../terminal/index.js";

/** The capabilities that declare `needs` (all of them by default), as the snapshot records them. */
export function capabilitiesDeclaring(needs: readonly ClientNeed[]): ClientCapabilities {
  const has = (need: ClientNeed) => needs.includes(need);
  const capabilities: ClientCapabilities = {};
  if (has("elicitation") || has("elicitation.url")) {
    capabilities.elicitation = {
      ...(has("elicitation") ? { form: {} } : {}),
      ...(has("elicitation.url") ? { url: {} } : {}),
    };
  }
  if (has("roots")) capabilities.roots = {};
  if (has("sampling")) capabilities.sampling = {};
  if (has("tasks")) capabilities.extensions = { [TASKS_EXTENSION]: {} };
  return capabilities;
}

/**
 * A handler for each input kind `capabilities` declare, each a refusal: an elicitation is
 * declined (the spec's answer for "the user said no"), sampling throws (the runtime answers the
 * server with a JSON-RPC error), and roots are an empty list — the spec lets a client expose no
 * roots, and an error would only make servers that read roots at start-up (server-everything
 * does) log a failure on every pull. Nothing a server asks during a pull reaches a person, a
 * model or the file system.
 */
export function refusingHandlers(capabilities: ClientCapabilities): InputHandlers {
  const needs = declaredNeeds(capabilities);
  const handlers: InputHandlers = {};
  if (needs.includes("elicitation")) handlers.elicitation = () => ({ action: "decline" });
  if (needs.includes("elicitation.url")) handlers.elicitationUrl = () => ({ action: "decline" });
  if (needs.includes("sampling")) {
    handlers.sampling = () => {
      throw new Error("mcp-codegen pull answers no sampling request: it only reads the contract");
    };
  }
  if (needs.includes("roots")) handlers.roots = () => ({ roots: [] });
  return handlers;
}

/** `--capabilities`/`capabilities`: the words a user may give, and `none`. */
export const CAPABILITY_WORDS: readonly string[] = [...CLIENT_NEEDS, "none"];

/**
 * Reads `--capabilities a,b`: names from `CLIENT_NEEDS`, or `none` alone. A usage error (exit 2)
 * names the first unknown word and the known ones.
 */
export function parseCapabilityList(text: string): ClientNeed[] {
  const words = text
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word !== "");
  if (words.length === 1 && words[0] === "none") return [];
  const unknown = words.find((word) => !(CLIENT_NEEDS as readonly string[]).includes(word));
  if (unknown !== undefined || words.length === 0) {
    const given = unknown === undefined ? "nothing" : JSON.stringify(unknown.slice(0, 40));
    throw new CliError(
      `${given} is not a client capability; give a comma-separated list of ${CLIENT_NEEDS.join(", ")}, or none`,
      ExitCode.Usage,
    );
  }
  // As `pull()`'s `capabilities` and a config's: a word given twice is more likely a slip for
  // another capability than meant, so it is refused rather than read once.
  const twice = words.find((word, index) => words.indexOf(word) !== index);
  if (twice !== undefined) {
    throw new CliError(
      `${JSON.stringify(twice)} is listed twice; name each client capability once`,
      ExitCode.Usage,
    );
  }
  return CLIENT_NEEDS.filter((need) => words.includes(need));
}
