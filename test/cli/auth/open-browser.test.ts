import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  browserOpener,
  showAuthorizationUrl,
  type BrowserHost,
} from "../../../cli/auth/open-browser.js";

const URL_TO_OPEN = new URL(
  "https://as.example/authorize?client_id=c&state=a%26b&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcb&scope=x%20y",
);

const host = (platform: NodeJS.Platform, env: Record<string, string>, stdoutIsTTY = true) => ({
  platform,
  env,
  stdoutIsTTY,
});

describe("browserOpener", () => {
  // [host, want]
  const table: ReadonlyArray<readonly [BrowserHost, string]> = [
    [host("darwin", {}), "open"],
    [host("win32", {}), "rundll32 url.dll,FileProtocolHandler"],
    [host("linux", { DISPLAY: ":0" }), "xdg-open"],
    [host("linux", { WAYLAND_DISPLAY: "wayland-0" }), "xdg-open"],
    [host("freebsd", { DISPLAY: ":1" }), "xdg-open"],
    [host("linux", {}), "no display"],
    [host("linux", { DISPLAY: "" }), "no display"],
    [host("linux", { DISPLAY: ":0", CI: "true" }), "running in CI"],
    [host("darwin", { CI: "" }), "running in CI"],
    [host("darwin", {}, false), "not on a terminal"],
    [host("darwin", { SSH_CONNECTION: "10.0.0.1 5 10.0.0.2 22" }), "in an SSH session"],
    [
      host("linux", { DISPLAY: "localhost:10.0", SSH_CLIENT: "10.0.0.1 5 22" }),
      "in an SSH session",
    ],
    [host("win32", { SSH_TTY: "/dev/pts/1" }), "in an SSH session"],
  ];
  it.each(table)("%j → %s", (given, want) => {
    const opener = browserOpener(URL_TO_OPEN, given);
    if ("reason" in opener) expect(opener.reason).toBe(want);
    else {
      expect([opener.command, ...opener.args.slice(0, -1)].join(" ")).toBe(want);
      // The URL is one argument, exactly as it is: no shell ever parses it.
      expect(opener.args.at(-1)).toBe(URL_TO_OPEN.href);
    }
  });

  it.each(["file:///etc/passwd", "ms-settings:privacy", "javascript:alert(1)"])(
    "never opens %s",
    (url) => {
      expect(browserOpener(new URL(url), host("darwin", {}))).toEqual({
        reason: `not an http(s) URL (${new URL(url).protocol})`,
      });
    },
  );
});

describe("showAuthorizationUrl", () => {
  let folder: string;
  let lines: string;
  const stderr = { write: (text: string) => (lines += text) };
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "open-browser-"));
    lines = "";
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** A stand-in `xdg-open` on PATH that records its arguments, one a line, then exits. */
  async function fakeOpener(): Promise<string> {
    const record = join(folder, "opened.txt");
    const script = join(folder, "xdg-open");
    await writeFile(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\n`);
    await chmod(script, 0o755);
    return record;
  }

  it("prints the URL on stderr when no browser can open, and starts nothing", async () => {
    const record = await fakeOpener();
    await showAuthorizationUrl(URL_TO_OPEN, {
      host: host("linux", { PATH: folder, DISPLAY: ":0", CI: "1" }),
      stderr,
    });
    expect(lines).toBe(`open this URL to authorize: ${URL_TO_OPEN.href}\n`);
    await expect(readFile(record, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("starts the platform's opener with the URL as its one argument", async () => {
    const record = await fakeOpener();
    await showAuthorizationUrl(URL_TO_OPEN, {
      host: host("linux", { PATH: folder, DISPLAY: ":0" }),
      stderr,
    });
    await expect.poll(() => readFile(record, "utf8").catch(() => "")).toBe(`${URL_TO_OPEN.href}\n`);
    expect(lines).toBe(
      `opening a browser to authorize; if none opens, open this URL: ${URL_TO_OPEN.href}\n`,
    );
  });

  it("falls back to printing when the opener cannot be started", async () => {
    // PATH holds no xdg-open at all.
    await showAuthorizationUrl(URL_TO_OPEN, {
      host: host("linux", { PATH: folder, DISPLAY: ":0" }),
      stderr,
    });
    expect(lines).toBe(
      `could not open a browser (xdg-open: ENOENT); open this URL to authorize: ${URL_TO_OPEN.href}\n`,
    );
  });
});
