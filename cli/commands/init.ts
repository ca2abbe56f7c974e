/**
 * `mcp-codegen init`: a config with one server (TypeScript when the project uses it, else JSON)
 * and `mcp:pull` / `mcp:check` scripts in package.json. Everything is checked before anything is
 * written: an existing config, a server name the config would refuse, a package.json that cannot
 * take the scripts, a link (or a folder, a fifo) where init would write. Files are replaced
 * through a temporary file and a rename, never written through a link.
 */
import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { CONFIG_FILE_NAMES, SERVER_NAME_PATTERN, validateConfig } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { askServer } from "../init/index.js";
import { CONFIG_FILE, configText, type ConfigKind } from "../init/index.js";
import { initServer, type InitServer } from "../init/index.js";
import { addScripts, PackageJsonProblem, type ScriptEdit } from "../init/index.js";
import { importFrom, projectFiles } from "../init/index.js";
import { resolveTarget } from "../jobs/index.js";
import type { ServerConfig } from "../config/index.js";
import { writeReplacing } from "../output/index.js";
import type { Reporter } from "../terminal/index.js";
import type { CommandContext } from "./context.js";

export interface InitFlags {
  url?: string | undefined;
  name?: string | undefined;
  out?: string | undefined;
  /** Write mcp-codegen.config.json even in a TypeScript project. */
  json?: boolean | undefined;
  /** Replace an existing config. */
  force?: boolean | undefined;
  command?: string[] | undefined;
  /** `--import FILE|claude|cursor|vscode|windsurf|codex`: the servers an editor already has. */
  import?: string | undefined;
}

/** The scripts init adds; a script of the same name with another command is left alone. */
export const INIT_SCRIPTS: Readonly<Record<string, string>> = {
  "mcp:pull": "mcp-codegen pull",
  "mcp:check": "mcp-codegen check",
};

const NO_SERVER =
  "init needs a server: pass --url URL or -- COMMAND ARGS... (it asks only on a terminal, outside CI)";

export async function runInit(flags: InitFlags, context: CommandContext): Promise<void> {
  const reporter = context.reporter([]);
  const cwd = context.cwd;
  // Every file init may replace or remove, checked before anything is written: no link is
  // written or deleted through, and a fifo is never opened.
  const files = await projectFiles(cwd, [...CONFIG_FILE_NAMES, "package.json"]);
  const existing = CONFIG_FILE_NAMES.filter((name) => files.has(name));
  if (existing.length > 0 && flags.force !== true) {
    throw new CliError(
      `${existing.join(" and ")} already ${existing.length === 1 ? "exists" : "exist"}; nothing was written (pass --force to replace ${existing.length === 1 ? "it" : "them"})`,
      ExitCode.Usage,
    );
  }
  const packageFile = files.get("package.json");
  const packageText = packageFile?.text;
  const scripts = packageText === undefined ? undefined : scriptEdit(packageText);
  const kind: ConfigKind =
    flags.json === true || !(await usesTypeScript(cwd, packageText)) ? "json" : "ts";
  const file = CONFIG_FILE[kind];
  const servers = await chooseServers(flags, context, reporter);
  const config = { servers };
  validateConfig(config, file);
  const names = Object.keys(servers);
  const text = await configText(kind, config);

  // The one being replaced is renamed over (so it keeps its mode); the others are removed.
  for (const name of existing) if (name !== file) await rm(join(cwd, name));
  await writeReplacing(join(cwd, file), text, files.get(file)?.mode);
  const replaced = existing.length === 0 ? "wrote" : `replaced ${existing.join(" and ")} with`;
  reporter.info(
    `${existing.length === 1 && existing[0] === file ? "replaced" : replaced} ${file} (${names.length === 1 ? "server" : "servers"} ${names.map((n) => `"${n}"`).join(", ")})`,
  );
  if (scripts?.text !== undefined) {
    await writeReplacing(join(cwd, "package.json"), scripts.text, packageFile?.mode);
  }
  reportScripts(scripts, reporter);
  if (kind === "ts" && !dependsOnMcpCodegen(packageText)) {
    reporter.warn(
      `${file} imports defineConfig from "mcp-codegen", which this project does not depend on yet: run \`npm install --save-dev mcp-codegen\``,
    );
  }
  const pull =
    scripts?.kept.includes("mcp:pull") === false ? "npm run mcp:pull" : "npx mcp-codegen pull";
  reporter.info(
    `next: run \`${pull}\` to pull ${names.length === 1 ? names[0] : "them"} and generate ${names.length === 1 ? "its client" : "their clients"}`,
  );
}

/** The servers `--import` reads, else the one server from the flags or the terminal. */
async function chooseServers(
  flags: InitFlags,
  context: CommandContext,
  reporter: Reporter,
): Promise<Record<string, ServerConfig>> {
  if (flags.import === undefined) {
    const entry = await chooseServer(flags, context);
    return { [entry.name]: entry.server };
  }
  if (flags.url !== undefined || (flags.command ?? []).length > 0 || flags.name !== undefined) {
    throw new CliError(
      "init --import reads the servers and their names from the file; leave out --url, --name and -- COMMAND",
      ExitCode.Usage,
    );
  }
  const imported = await importFrom(flags.import, context.cwd, context.auth.env);
  reporter.info(`read ${imported.file}`);
  for (const note of imported.notes) reporter.warn(note);
  for (const left of imported.skipped) reporter.warn(`left out ${left}`);
  if (flags.out === undefined) return imported.servers;
  // `--out DIR`: every imported client under DIR, each in a folder of its server's name.
  const out = flags.out.replace(/\/+$/, "");
  return Object.fromEntries(
    Object.entries(imported.servers).map(([name, server]) => [
      name,
      { ...server, out: `${out}/${name}` },
    ]),
  );
}

/** The server from the flags, else from the terminal's answers; never a guess. */
async function chooseServer(flags: InitFlags, context: CommandContext): Promise<InitServer> {
  if (flags.name !== undefined && !SERVER_NAME_PATTERN.test(flags.name)) {
    throw new CliError(
      `--name ${JSON.stringify(flags.name)} cannot name a server: start with a letter and use only letters, digits, - and _`,
      ExitCode.Usage,
    );
  }
  const command = flags.command ?? [];
  if (flags.url !== undefined && command.length > 0) {
    throw new CliError("init takes --url URL or -- COMMAND ARGS..., not both", ExitCode.Usage);
  }
  if (flags.url !== undefined) {
    // Refused as pull would refuse it, before anything is written.
    resolveTarget({ url: flags.url });
    return initServer({ url: flags.url }, flags.name, flags.out);
  }
  if (command.length > 0) return initServer({ command }, flags.name, flags.out);
  const stdin = context.stdin ?? process.stdin;
  const env = context.auth.env;
  if ((stdin as { isTTY?: boolean }).isTTY !== true || env.CI !== undefined) {
    throw new CliError(NO_SERVER, ExitCode.Usage);
  }
  const answers = await askServer(stdin, context.auth.stderr);
  return initServer(answers.target, flags.name ?? answers.name, flags.out);
}

function scriptEdit(packageText: string): ScriptEdit {
  try {
    return addScripts(packageText, INIT_SCRIPTS);
  } catch (error) {
    if (!(error instanceof PackageJsonProblem)) throw error;
    throw new CliError(
      `package.json ${error.message}; nothing was written: fix it, or move it away and run init again`,
      ExitCode.Usage,
    );
  }
}

function reportScripts(edit: ScriptEdit | undefined, reporter: Reporter): void {
  if (edit === undefined) {
    reporter.info("no package.json here: no scripts added");
    return;
  }
  if (edit.added.length > 0) reporter.info(`package.json: added ${edit.added.join(", ")}`);
  for (const name of edit.kept) {
    reporter.warn(
      `package.json: kept your "${name}" script; it differs from "${INIT_SCRIPTS[name]}", the command init would add`,
    );
  }
}

/** A tsconfig.json here, or typescript among the package's dependencies. */
async function usesTypeScript(cwd: string, packageText: string | undefined): Promise<boolean> {
  if ((await presentFiles(cwd, ["tsconfig.json"])).length > 0) return true;
  return dependsOn(packageText, "typescript");
}

function dependsOnMcpCodegen(packageText: string | undefined): boolean {
  return dependsOn(packageText, "mcp-codegen");
}

function dependsOn(packageText: string | undefined, name: string): boolean {
  if (packageText === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(packageText.replace(/^\uFEFF/, ""));
  } catch {
    return false;
  }
  const manifest = value as Record<string, unknown> | null;
  return ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].some(
    (field) => {
      const deps = manifest?.[field];
      return typeof deps === "object" && deps !== null && Object.hasOwn(deps, name);
    },
  );
}

async function presentFiles(cwd: string, names: readonly string[]): Promise<string[]> {
  const present: string[] = [];
  for (const name of names) {
    const isFile = await stat(join(cwd, name)).then(
      (entry) => entry.isFile(),
      () => false,
    );
    if (isFile) present.push(name);
  }
  return present;
}
