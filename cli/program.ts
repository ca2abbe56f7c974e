/**
 * The command line: commander definitions for `pull`, `generate` and `check`, and the mapping of
 * every failure to one line and a documented exit code.
 */
import { Command, CommanderError, Option } from "commander";
import { looksLikeCredential } from "@mcp-codegen/runtime/internal";
import type { AuthorizationRedirect } from "@mcp-codegen/runtime";
import { CAPABILITY_WORDS } from "./pull/pull-capabilities.js";
import { TOKEN_STORE_HELP } from "./auth/env-names.js";
import type { CommandContext } from "./commands/context.js";
import { CliError, ExitCode, type ExitCodeValue } from "./terminal/exit-codes.js";
import { PACKAGE_VERSION } from "./output/package-info.js";
import { createSecretMasker } from "./secrets/mask-text.js";
import { explainForgottenDashDash, splitPullWords } from "./jobs/pull-words.js";
import { createReporter, type ReporterOptions, type SilenceNotice } from "./terminal/reporter.js";
import { toTerminalLine } from "./terminal/terminal-text.js";
import {
  capabilityList,
  collect,
  DIFF_HELP,
  DRY_RUN_HELP,
  emitOption,
  importExtensionOption,
  positiveInteger,
  protocolOption,
  refuseWatchPreview,
  runtimeOption,
  SERVER_HELP,
  STRICT_HELP,
} from "./program-options.js";

export interface RunOptions {
  cwd?: string;
  stdout?: ReporterOptions["stdout"];
  stderr?: ReporterOptions["stderr"];
  /** Where `init` reads its answers; it asks only when `isTTY` is true (default: process.stdin). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Force progress output on or off (default: a TTY outside CI). */
  interactive?: boolean;
  /** The environment credentials are read from (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Test seam, deliberately not an environment variable a user could set by mistake: OAuth
   * sign-in through this redirect instead of the loopback listener and the browser.
   */
  authorizationRedirect?: AuthorizationRedirect;
  /** Test seam: shows the authorization URL instead of a browser; the loopback still listens. */
  openAuthorizationUrl?: (url: URL) => void | Promise<void>;
  /** Ends a `--watch` run (as SIGINT does), which then resolves with exit code 0. */
  signal?: AbortSignal;
  /** Test seam: when a silent server is first mentioned, then how often (reporter.ts). */
  silenceNotice?: SilenceNotice;
}

/**
 * commander quotes the argument it rejects (`option '--runtime <mode>' argument 'sk_…' is
 * invalid`), before any secret is known: mask every word that looks like a credential.
 */
function maskCredentialWords(text: string): string {
  return text.replace(/[^\s'"=,]+/g, (word) => (looksLikeCredential(word) ? "***" : word));
}

/** Runs the CLI with `argv` (without `node` and the script) and resolves with the exit code. */
export async function runCli(
  argv: readonly string[],
  options: RunOptions = {},
): Promise<ExitCodeValue> {
  const stderr = options.stderr ?? process.stderr;
  let quiet = false;
  const env = options.env ?? process.env;
  // Every secret any command learned (flags, config, OAuth tokens as they appear): every line,
  // the final error line included, is masked with all of them.
  const masker = createSecretMasker();
  const context: CommandContext = {
    cwd: options.cwd ?? process.cwd(),
    stdout: options.stdout ?? process.stdout,
    stdin: options.stdin ?? process.stdin,
    auth: {
      masker,
      env,
      // A browser sign-in needs someone to come back from it: a terminal, outside CI.
      canSignIn: process.stderr.isTTY === true && env.CI === undefined,
      stores: new Map(),
      redirect: options.authorizationRedirect,
      open: options.openAuthorizationUrl,
      stderr,
    },
    reporter: (secrets) => {
      masker.add(secrets.map((secret) => secret.text));
      return createReporter({
        masker,
        quiet,
        ...(options.interactive === undefined ? {} : { interactive: options.interactive }),
        ...(options.stdout === undefined ? {} : { stdout: options.stdout }),
        ...(options.silenceNotice === undefined ? {} : { silenceNotice: options.silenceNotice }),
        stderr,
      });
    },
  };
  let exitCode: ExitCodeValue = ExitCode.Ok;
  const program = new Command("mcp-codegen")
    .description("Compile a live MCP server into a typed TypeScript client.")
    .version(PACKAGE_VERSION)
    .option("-q, --quiet", "print errors only")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => (options.stdout ?? process.stdout).write(text),
      writeErr: (text) => stderr.write(text),
      // One line, with the way to help: commander puts a suggestion on a line of its own.
      // It quotes the arguments, which can carry control characters: printed safely like the rest.
      outputError: (text, write) =>
        write(
          `${toTerminalLine(maskCredentialWords(text.trim().replace(/\s*\n\s*/g, " ")))} (see mcp-codegen --help)\n`,
        ),
    })
    .hook("preAction", (command) => {
      quiet = command.opts<{ quiet?: boolean }>().quiet === true;
    });

  explainForgottenDashDash(program.command("pull"))
    .description(
      "connect to a server, write its snapshot and the generated client (no target: every server in the config, or the NAMEs given)",
    )
    .usage(
      "[options] [NAME... | --url URL | --registry NAME[@VERSION] | --server-json FILE | -- COMMAND ARGS...]",
    )
    .option("--url <url>", "a Streamable HTTP endpoint")
    .option(
      "--registry <name[@version]>",
      "a server of the MCP registry, e.g. io.github.owner/server@1.2.3 (default version: latest); --env NAME=value gives the values it asks for",
    )
    .option(
      "--registry-url <url>",
      "the registry to read (default: https://registry.modelcontextprotocol.io)",
    )
    .option("--server-json <file>", "a server.json on disk, as a server's author publishes it")
    .option("--out <dir>", "output folder (default: mcp/<name>)")
    .option("--name <name>", "client name, as in create<Name>Client (default: the server's name)")
    .option(
      "--header <header>",
      "'Name: value' sent with every HTTP request (repeatable; credentials such as Authorization are never written)",
      collect,
    )
    .option(
      "--secret-header <header>",
      "like --header, and the value is a secret whatever the header's name",
      collect,
    )
    .option(
      "--env <pair>",
      "KEY=value for a stdio server's environment (repeatable; credentials such as *_TOKEN are never written)",
      collect,
    )
    .option(
      "--secret-env <pair>",
      "like --env, and the value is a secret whatever the variable's name",
      collect,
    )
    .option("--cwd <dir>", "working folder of a stdio server")
    .option(
      "--config <file>",
      "config file (default: mcp-codegen.config.json or .ts in this folder)",
    )
    .option("--timeout <ms>", "per-request timeout", positiveInteger)
    .addOption(protocolOption())
    .option(
      "--capabilities <list>",
      `client capabilities to declare while pulling, comma-separated: ${CAPABILITY_WORDS.join(", ")} (default: all but none)`,
      capabilityList,
    )
    .option("--strict", STRICT_HELP)
    .addOption(runtimeOption())
    .addOption(importExtensionOption())
    .addOption(emitOption())
    .option(
      "--open-input-types",
      "let tool input types take undeclared keys where the schema does not close them",
    )
    .option(
      "--agent",
      "also write agent/: SKILL.md, api.d.ts, tools/*.d.ts and a search index for code mode",
    )
    .option(
      "--client-credentials",
      "OAuth without a browser: the client credentials grant, with the id and secret from MCP_CODEGEN_CLIENT_ID and MCP_CODEGEN_CLIENT_SECRET",
    )
    .option("--token-store <file>", TOKEN_STORE_HELP)
    .option("--reauthorize", "sign in again instead of using stored OAuth tokens")
    .option("--server <name>", SERVER_HELP, collect)
    .option("--dry-run", `talk to the server, then ${DRY_RUN_HELP}`)
    .option("--diff", DIFF_HELP)
    .option(
      "--watch",
      "pull again when the server's source changes (a stdio server's entry file and its folder, or the config's watch list) or the config does; an HTTP server only on the latter two; Ctrl+C stops",
    )
    .argument("[name...]", "config servers to pull (default: all); after --, a server command")
    .action(async (words: string[], flags: Record<string, unknown>, command: Command) => {
      const split = splitPullWords(words, argv, command.options);
      const pullFlags = { ...flags, names: split.names, command: split.command };
      if (flags.watch === true) {
        refuseWatchPreview(flags);
        const { watchPull } = await import("./watch/watch-pull.js");
        await watchPull(pullFlags as Parameters<typeof watchPull>[0], context, options.signal);
        return;
      }
      // The server of `pull -- COMMAND…` starts first and boots while the pull loads.
      const { prestartPull } = await import("./pull-prestart.js");
      const prestarted = prestartPull(pullFlags, context.cwd);
      try {
        // Each command loads its modules when it runs: `generate` with nothing to do must not
        // pay for loading the runtime, the generator and the config schema.
        const { runPull } = await import("./commands/pull.js");
        await runPull(pullFlags as Parameters<typeof runPull>[0], context, prestarted);
      } finally {
        // A no-op once the pull took it; otherwise nothing was to use it.
        await prestarted?.dispose();
      }
    });

  program
    .command("generate")
    .description("regenerate the client from its snapshot alone (no network, no process)")
    .option("--snapshot <file>", "snapshot file (default: <out>/mcp.snapshot.json)")
    .option("--out <dir>", "output folder (default: the snapshot's folder)")
    .option("--config <file>", "config file whose servers to regenerate")
    .option("--strict", STRICT_HELP)
    .option("--server <name>", SERVER_HELP, collect)
    .option("--dry-run", DRY_RUN_HELP)
    .option("--diff", DIFF_HELP)
    .option(
      "--watch",
      "generate again whenever a snapshot file (or the config) changes; Ctrl+C stops",
    )
    .action(async (flags: Record<string, unknown>) => {
      if (flags.watch === true) {
        refuseWatchPreview(flags);
        const { watchGenerate } = await import("./watch/watch-generate.js");
        await watchGenerate(flags as Parameters<typeof watchGenerate>[0], context, options.signal);
        return;
      }
      const { runGenerate } = await import("./commands/generate.js");
      await runGenerate(flags as Parameters<typeof runGenerate>[0], context);
    });

  program
    .command("check")
    .description(
      "exit 1 if generated files differ from their snapshot; --live also checks the server for contract drift",
    )
    .option("--live", "also pull every configured server and classify contract drift")
    .option("--snapshot <file>", "snapshot file (default: <out>/mcp.snapshot.json)")
    .option("--out <dir>", "output folder to check (default: every server in the config)")
    .option("--config <file>", "config file")
    .option("--strict", STRICT_HELP)
    .option("--server <name>", SERVER_HELP, collect)
    .option(
      "--allow-review",
      "changed descriptions, titles or annotations (drift that needs review) do not fail --live",
    )
    .addOption(
      new Option(
        "--format <format>",
        "text lines, one JSON document (as --json), or a SARIF 2.1.0 log for code scanning",
      ).choices(["text", "json", "sarif"]),
    )
    .option(
      "--json",
      "print one JSON document on stdout (version 1, see the README) instead of result lines",
    )
    .action(async (flags: Record<string, unknown>) => {
      const { runCheck } = await import("./commands/check.js");
      if (!(await runCheck(flags as Parameters<typeof runCheck>[0], context)))
        exitCode = ExitCode.Drift;
    });

  program
    .command("init")
    .description(
      "write mcp-codegen.config.ts (.json without TypeScript) with one server, and mcp:pull / mcp:check scripts in package.json",
    )
    .usage("[options] [--url URL | --import FILE|EDITOR | -- COMMAND ARGS...]")
    .option("--url <url>", "the server's Streamable HTTP endpoint")
    .option(
      "--import <source>",
      "the servers already configured in an editor: a file, or claude, cursor, vscode, windsurf or codex (its usual file on this platform); secret-looking values become ${VAR} references",
    )
    .option("--name <name>", "the server's name in the config (default: from the URL or command)")
    .option("--out <dir>", "output folder for its client (default: mcp/<name>)")
    .option("--json", "write mcp-codegen.config.json even in a TypeScript project")
    .option("--force", "replace an existing config file")
    .argument("[command...]", "a stdio server's command line, after --")
    .action(async (command: string[], flags: Record<string, unknown>) => {
      const { runInit } = await import("./commands/init.js");
      await runInit({ ...flags, command } as Parameters<typeof runInit>[0], context);
    });

  program
    .command("logout")
    .description(
      "forget the OAuth tokens stored for a server (--url), or for every HTTP server in the config",
    )
    .option("--url <url>", "the server's Streamable HTTP endpoint")
    .option("--config <file>", "config file whose HTTP servers to log out of")
    .option("--token-store <file>", TOKEN_STORE_HELP)
    .action(async (flags: Record<string, unknown>) => {
      const { runLogout } = await import("./commands/logout.js");
      await runLogout(flags as Parameters<typeof runLogout>[0], context);
    });

  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    const document = error instanceof CommanderError ? checkDocument(argv) : undefined;
    if (document !== undefined && (error as CommanderError).exitCode !== 0) {
      // A flag commander refused never reaches `check`: its document is written here.
      const { usageErrorText } = await import("./drift/check-usage-error.js");
      const message = maskCredentialWords((error as CommanderError).message);
      context.stdout?.write(usageErrorText(message, document, context.cwd));
    }
    return await reportFailure(error, context);
  }
}

/**
 * The document `check` was asked for (`--json`, `--format json|sarif`), with any global options
 * before the command; undefined for another command, or text lines.
 */
function checkDocument(argv: readonly string[]): "json" | "sarif" | undefined {
  if (argv.find((arg) => !arg.startsWith("-")) !== "check") return undefined;
  const at = argv.indexOf("--format");
  const format =
    argv.find((arg) => arg.startsWith("--format="))?.slice("--format=".length) ??
    (at >= 0 ? argv[at + 1] : undefined);
  if (format === "json" || format === "sarif") return format;
  return argv.includes("--json") ? "json" : undefined;
}

async function reportFailure(error: unknown, context: CommandContext): Promise<ExitCodeValue> {
  if (error instanceof CommanderError) {
    // commander already printed its message (and help or version output, which exit 0).
    return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
  }
  const reporter = context.reporter([]);
  if (error instanceof CliError) {
    reporter.error(error.message);
    return error.exitCode;
  }
  // Loaded here, not at start: only a run that loaded the config can have thrown one.
  const { ConfigError } = await import("./config/index.js");
  if (error instanceof ConfigError) {
    reporter.error(error.message);
    return ExitCode.Usage;
  }
  reporter.error(
    `internal error, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return ExitCode.Internal;
}
