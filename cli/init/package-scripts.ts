/**
 * Adding scripts to a package.json the way a person would: the file keeps its indentation, line
 * endings, final newline and key order; scripts already there are never changed, and one of ours
 * that already exists with another command is kept and reported, not overwritten.
 */

/** What adding the scripts did, and the new text (undefined when nothing changes). */
export interface ScriptEdit {
  text: string | undefined;
  /** Scripts written. */
  added: string[];
  /** Scripts already there with exactly our command. */
  present: string[];
  /** Scripts already there with another command: kept as they are. */
  kept: string[];
}

/** Why package.json could not take the scripts; the caller says what to do. */
export class PackageJsonProblem extends Error {
  override readonly name = "PackageJsonProblem";
}

/** The whitespace the file indents with (two spaces when it has no indented line). */
function indentOf(text: string): string | number {
  const match = /^([ \t]+)"/m.exec(text);
  if (match !== null) return match[1]!;
  // A one-line file stays one line.
  return /\n/.test(text.trim()) ? 2 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `scripts` added to the package.json `text`, each unless a script of that name exists. */
export function addScripts(text: string, scripts: Readonly<Record<string, string>>): ScriptEdit {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  let value: unknown;
  try {
    value = JSON.parse(text.slice(bom.length));
  } catch (error) {
    throw new PackageJsonProblem(`is not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(value)) throw new PackageJsonProblem("is not a JSON object");
  const existing = value.scripts;
  if (existing !== undefined && !isRecord(existing)) {
    throw new PackageJsonProblem('has a "scripts" that is not an object');
  }
  const target: Record<string, unknown> = existing ?? {};
  const edit: ScriptEdit = { text: undefined, added: [], present: [], kept: [] };
  for (const [name, command] of Object.entries(scripts)) {
    if (!Object.hasOwn(target, name)) {
      // A data property even for a name like __proto__: never a prototype change.
      Object.defineProperty(target, name, {
        value: command,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      edit.added.push(name);
    } else if (target[name] === command) edit.present.push(name);
    else edit.kept.push(name);
  }
  if (edit.added.length === 0) return edit;
  if (existing === undefined) value.scripts = target;
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const final = /\r?\n\s*$/.test(text) ? newline : "";
  const body = JSON.stringify(value, null, indentOf(text)).replace(/\n/g, newline);
  return { ...edit, text: `${bom}${body}${final}` };
}
