/**
 * Showing the user an OAuth authorization URL: in a browser when one can open on this screen,
 * else as a line on stderr to open by hand (CI, SSH sessions, a Linux box without a display).
 *
 * Spawned without a shell, so no URL character is ever interpreted: `open` on macOS, `xdg-open`
 * elsewhere, and on Windows `rundll32 url.dll,FileProtocolHandler`, which hands the URL to the
 * default browser as one argument (`cmd /c start` would parse `&`, `^` and `%` in the query). The
 * `open` npm package does the same with a PowerShell script and five dependencies; three commands
 * do not need them.
 */
import { spawn } from "node:child_process";
import { toTerminalLine } from "../terminal/index.js";
import { isCliCredentialEnv } from "./env-names.js";

/** What decides whether a browser can open: injectable so tests need no real terminal. */
export interface BrowserHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (someone is watching this run). */
  stdoutIsTTY: boolean;
}

/** A program that opens a URL in the default browser, run without a shell. */
export interface OpenerCommand {
  command: string;
  args: string[];
}

/**
 * The command that opens `url` in a browser on this host, or why none is tried: not an http(s)
 * URL (a `file:` or custom scheme could start another program), CI, no terminal, an SSH session
 * (the browser would open on the remote machine, if anywhere), or no X11 or Wayland display.
 */
export function browserOpener(url: URL, host: BrowserHost): OpenerCommand | { reason: string } {
  const { env } = host;
  const set = (name: string) => env[name] !== undefined && env[name] !== "";
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { reason: `not an http(s) URL (${url.protocol})` };
  }
  if (env.CI !== undefined) return { reason: "running in CI" };
  if (!host.stdoutIsTTY) return { reason: "not on a terminal" };
  if (set("SSH_CONNECTION") || set("SSH_CLIENT") || set("SSH_TTY")) {
    return { reason: "in an SSH session" };
  }
  if (host.platform === "darwin") return { command: "open", args: [url.href] };
  if (host.platform === "win32") {
    return { command: "rundll32", args: ["url.dll,FileProtocolHandler", url.href] };
  }
  if (!set("DISPLAY") && !set("WAYLAND_DISPLAY")) return { reason: "no display" };
  return { command: "xdg-open", args: [url.href] };
}

export interface ShowAuthorizationUrlOptions {
  /** Default: this process's platform, environment and stdout. */
  host?: BrowserHost;
  /** Where the line for the user goes; default stderr (stdout may be piped into a file). */
  stderr?: { write(text: string): unknown };
}

/**
 * Opens `url` in the browser, or prints it: always one line on stderr, so a browser that opens
 * on another screen or not at all still leaves the user a way to sign in. A failure to start the
 * opener falls back to printing. Resolves once the opener started (it is not waited for: some
 * `xdg-open` setups run until the browser exits).
 */
export async function showAuthorizationUrl(
  url: URL,
  options: ShowAuthorizationUrlOptions = {},
): Promise<void> {
  const host = options.host ?? {
    platform: process.platform,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
  };
  const stderr = options.stderr ?? process.stderr;
  const say = (line: string) => stderr.write(`${toTerminalLine(line)}\n`);
  const opener = browserOpener(url, host);
  if ("reason" in opener) {
    say(`open this URL to authorize: ${url.href}`);
    return;
  }
  const failure = await start(opener, host.env);
  if (failure === undefined) {
    say(`opening a browser to authorize; if none opens, open this URL: ${url.href}`);
  } else {
    say(`could not open a browser (${failure}); open this URL to authorize: ${url.href}`);
  }
}

/** Starts the opener detached; resolves with why it could not start, or undefined once it runs. */
async function start(
  opener: OpenerCommand,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  let child;
  try {
    child = spawn(opener.command, opener.args, {
      stdio: "ignore",
      detached: true,
      windowsHide: true,
      // PATH is looked up in this env, so a test can point it at a stand-in opener. The CLI's
      // own credentials are for the servers it signs in to, not for the opener or the browser.
      env: Object.fromEntries(Object.entries(env).filter(([name]) => !isCliCredentialEnv(name))),
    });
  } catch (error) {
    return `${opener.command}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return new Promise((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      resolve(`${opener.command}: ${error.code ?? error.message}`),
    );
    child.once("spawn", () => {
      // The opener may outlive this process's wait; it must not keep the CLI alive.
      child.unref();
      resolve(undefined);
    });
  });
}
