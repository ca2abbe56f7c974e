import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError, type McpErrorKind } from "../../../runtime/protocol/errors.js";
import {
  loopbackRedirect,
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
} from "../../../runtime/node/loopback-redirect.js";

const AUTHORIZATION = new URL("https://as.example/authorize?client_id=c&state=s-123");

const opened: LoopbackRedirect[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((redirect) => redirect.close()));
});

async function start(options: Partial<LoopbackRedirectOptions> = {}) {
  const redirect = await loopbackRedirect({ open: () => undefined, ...options });
  opened.push(redirect);
  return redirect;
}

const portOf = (redirect: LoopbackRedirect) => Number(new URL(redirect.redirectUri).port);

/** True when a new server can listen on `port` alone: nothing holds it any more. */
async function portIsFree(port: number): Promise<boolean> {
  const probe: Server = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen({ host: "127.0.0.1", port, exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ kind: McpErrorKind; message: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return { kind: error.kind, message: error.message };
}

describe("loopbackRedirect", () => {
  it("listens on 127.0.0.1 at once, and resolves with the redirect that carries the state", async () => {
    const seen: URL[] = [];
    const redirect = await start({ open: (url) => void seen.push(url) });
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const port = portOf(redirect);
    expect(await portIsFree(port)).toBe(false);

    const result = redirect.authorize(AUTHORIZATION);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.href).toBe(AUTHORIZATION.href);

    const base = redirect.redirectUri;
    // Everything that is not the awaited redirect is answered and ignored.
    expect((await fetch(`${base}?code=x&state=wrong`)).status).toBe(400);
    expect((await fetch(`${base}?code=x`)).status).toBe(400);
    expect((await fetch(`${base}?code=x&state=s-123&state=s-123`)).status).toBe(400);
    expect((await fetch(`http://127.0.0.1:${port}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${base}?code=x&state=s-123`, { method: "POST" })).status).toBe(405);

    const answer = await fetch(`${base}?code=the-code&state=s-123&iss=https%3A%2F%2Fas.example`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await answer.text()).toContain("Authorization complete");

    const url = await result;
    expect(url.href).toBe(`${base}?code=the-code&state=s-123&iss=https%3A%2F%2Fas.example`);
    expect(await portIsFree(port)).toBe(true);
  });

  it("receives the redirect an authorization server answers with, followed like a browser does", async () => {
    // A stand-in authorization endpoint: it sends the user agent back with a code and the state.
    const server = createServer((request, response) => {
      const asked = new URL(request.url!, "http://127.0.0.1");
      const back = new URL(asked.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", "code-42");
      back.searchParams.set("state", asked.searchParams.get("state")!);
      response.writeHead(302, { Location: back.href }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const pages: string[] = [];
      const redirect = await start({
        open: async (url) => void pages.push(await (await fetch(url)).text()),
      });
      const authorization = new URL(
        `http://127.0.0.1:${(server.address() as { port: number }).port}/authorize`,
      );
      authorization.searchParams.set("redirect_uri", redirect.redirectUri);
      authorization.searchParams.set("state", "st-9");
      const url = await redirect.authorize(authorization);
      expect(url.searchParams.get("code")).toBe("code-42");
      await expect.poll(() => pages.length).toBe(1);
      expect(pages[0]).toContain("Authorization complete");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("resolves with an error redirect too, and shows its text escaped", async () => {
    const redirect = await start();
    const result = redirect.authorize(AUTHORIZATION);
    const description = encodeURIComponent('<script>alert("x")</script> & more');
    const answer = await fetch(
      `${redirect.redirectUri}?error=access_denied&error_description=${description}&state=s-123`,
    );
    const html = await answer.text();
    expect(html).toContain("Authorization failed");
    expect(html).toContain(
      "access_denied: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more",
    );
    expect(html).not.toContain("<script>");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect((await result).searchParams.get("error")).toBe("access_denied");
  });

  it("uses the given port and path", async () => {
    const probe = await start();
    const port = portOf(probe);
    await probe.close();
    const redirect = await start({ port, path: "/oauth/done" });
    expect(redirect.redirectUri).toBe(`http://127.0.0.1:${port}/oauth/done`);
    const result = redirect.authorize(AUTHORIZATION);
    expect((await fetch(`http://127.0.0.1:${port}/callback?state=s-123`)).status).toBe(404);
    await fetch(`${redirect.redirectUri}?code=c&state=s-123`);
    expect((await result).searchParams.get("code")).toBe("c");
  });

  it("refuses a port in use, saying to choose another", async () => {
    const taken = await start();
    const failure = await rejection(
      loopbackRedirect({ open: () => undefined, port: portOf(taken) }),
    );
    expect(failure.kind).toBe("input");
    expect(failure.message).toMatch(/EADDRINUSE.*choose another port/);
  });

  it.each([
    [{ path: "callback" }, /must start with "\/"/],
    [{ path: "/cb?x=1" }, /no query or fragment/],
    [{ port: 70000 }, /from 0 to 65535/],
  ])("refuses bad options %j", async (options, message) => {
    const failure = await rejection(loopbackRedirect({ open: () => undefined, ...options }));
    expect(failure).toMatchObject({ kind: "input" });
    expect(failure.message).toMatch(message);
  });

  it("times out with kind timeout and frees the port", async () => {
    const redirect = await start({ timeoutMs: 20 });
    const failure = await rejection(redirect.authorize(AUTHORIZATION));
    expect(failure.kind).toBe("timeout");
    expect(failure.message).toMatch(
      /no redirect came back to http:\/\/127\.0\.0\.1:\d+\/callback within 20 ms/,
    );
    expect(await portIsFree(portOf(redirect))).toBe(true);
  });

  it("stops waiting when the signal aborts, and frees the port", async () => {
    const controller = new AbortController();
    const redirect = await start({ open: () => controller.abort(new Error("user pressed ^C")) });
    const failure = await rejection(redirect.authorize(AUTHORIZATION, controller.signal));
    expect(failure).toMatchObject({ kind: "cancelled" });
    expect(await portIsFree(portOf(redirect))).toBe(true);
  });

  it("does not open anything for a signal already aborted", async () => {
    let calls = 0;
    const redirect = await start({ open: () => void calls++ });
    const failure = await rejection(redirect.authorize(AUTHORIZATION, AbortSignal.abort()));
    expect(failure.kind).toBe("cancelled");
    expect(calls).toBe(0);
    expect(await portIsFree(portOf(redirect))).toBe(true);
  });

  it("close() ends a waiting authorize() and drops idle connections", async () => {
    let idle: Socket | undefined;
    const redirect = await start({
      open: () => {
        // A browser's speculative connection that never sends a request.
        idle = connect(portOf(redirect), "127.0.0.1");
        idle.on("error", () => undefined);
        idle.once("connect", () => void redirect.close());
      },
    });
    const failure = await rejection(redirect.authorize(AUTHORIZATION));
    expect(failure.kind).toBe("cancelled");
    expect(await portIsFree(portOf(redirect))).toBe(true);
    idle?.destroy();
  });

  it("refuses an authorization URL without exactly one state, and closes", async () => {
    const redirect = await start();
    const failure = await rejection(redirect.authorize(new URL("https://as.example/authorize")));
    expect(failure.kind).toBe("input");
    expect(failure.message).toMatch(/exactly one non-empty state/);
    expect(await portIsFree(portOf(redirect))).toBe(true);
    // A closed listener says so.
    expect((await rejection(redirect.authorize(AUTHORIZATION))).message).toMatch(/is closed/);
  });

  it("fails when open() throws, and frees the port", async () => {
    const redirect = await start({
      open: () => {
        throw new Error("no way to show it");
      },
    });
    const failure = await rejection(redirect.authorize(AUTHORIZATION));
    expect(failure.kind).toBe("input");
    expect(failure.message).toMatch(
      /could not show the authorization URL to the user: no way to show it/,
    );
    expect(await portIsFree(portOf(redirect))).toBe(true);
  });
});
