/**
 * Tool names a model API accepts. OpenAI's function calling and Anthropic's tool use take a name
 * only if it matches `^[a-zA-Z0-9_-]{1,64}$`; an MCP name may be longer and hold dots, slashes,
 * spaces or any other character (`trip.cancel-booking`). `toolNamesForModel` gives every tool a
 * name they accept, no two alike, and the way back from the name a model calls to the tool.
 */
import { compareText } from "../basics/index.js";

/** What OpenAI and Anthropic accept as a tool's name. */
export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_LENGTH = 64;
/** `_` and eight hex digits: what a changed name ends with. */
const SUFFIX_LENGTH = 9;

/**
 * The tools keyed by a name model APIs accept, in the order given. A name that is already
 * acceptable is kept (the first tool that has it keeps it); any other gets its unacceptable
 * characters replaced by `_`, is shortened, and ends with `_` and eight hex digits of a hash of
 * the MCP name, so it stays readable and does not depend on the other tools. Names are decided in
 * the order of the MCP names, not of the list, so the same tools get the same names in any order.
 */
export function toolNamesForModel<T extends { readonly name: string }>(
  tools: readonly T[],
): Map<string, T> {
  const taken = new Set<string>();
  const names = new Array<string>(tools.length);
  const renamed: Array<{ index: number; name: string; occurrence: number }> = [];
  const seen = new Map<string, number>();
  tools.forEach((tool, index) => {
    const occurrence = (seen.get(tool.name) ?? 0) + 1;
    seen.set(tool.name, occurrence);
    if (occurrence === 1 && MODEL_TOOL_NAME.test(tool.name)) {
      names[index] = tool.name;
      taken.add(tool.name);
    } else {
      renamed.push({ index, name: tool.name, occurrence });
    }
  });
  renamed.sort((a, b) => compareText(a.name, b.name) || a.occurrence - b.occurrence);
  for (const { index, name, occurrence } of renamed) {
    const stem = (name.replace(/[^a-zA-Z0-9_-]+/g, "_") || "tool").slice(
      0,
      MAX_LENGTH - SUFFIX_LENGTH,
    );
    // The hash input grows with each try, so a taken candidate (vanishingly rare) moves on.
    let attempt = 0;
    let candidate: string;
    do {
      const input = [name, occurrence, attempt++].join("\u0000");
      candidate = `${stem}_${fnv1a(input).toString(16).padStart(8, "0")}`;
    } while (taken.has(candidate));
    taken.add(candidate);
    names[index] = candidate;
  }
  return new Map(tools.map((tool, index) => [names[index]!, tool]));
}

/** 32-bit FNV-1a over UTF-16 code units: short, stable, and the same on every platform. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
