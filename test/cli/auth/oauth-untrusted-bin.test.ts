/**
 * Issue 20 through the built bin (`node dist/cli/main.js`), as CI runs it: `pull
 * --client-credentials` never sends the client secret to an authorization server other than the
 * one it was first used with, nor to a server that publishes no OAuth metadata; and `pull
 * --timeout` bounds an OAuth flow whose metadata URL never answers. Loopback servers record
 * every request; each run is one clear line on stderr with exit code 3.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runNode } from "../../support/cli-child.js";
import { REPO_ROOT, createTempProject, type TempProject } from "../../support/cli-run.js";
import { startWorld } from "../../runtime/auth/oauth-test-world.js";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startTwoIssuerWorld,
} from "../../runtime/auth/two-issuer-world.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");

let project: TempProject;
beforeAll(async () => {
  await expect(access(BIN), "dist/cli/main.js is missing: run `npm run build`").resolves.toBe(
    undefined,
  );
});
beforeEach(async () => {
  project = await createTempProject("oauth-untrusted");
});
afterEach(async () => {
  await project.remove();
});

/** `pull` with client credentials in the environment, in CI, with a token store of its own. */
function pull(url: string, ...flags: string[]) {
  return runNode([BIN, "pull", "--url", url, "--out", "mcp/moving", ...flags], project.dir, {
    extra: {
      CI: "true",
      MCP_CODEGEN_TOKEN_STORE: project.path("home/tokens.json"),
      MCP_CODEGEN_CLIENT_ID: CLIENT_ID,
      MCP_CODEGEN_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
}

describe("pull --client-credentials", () => {
  it("refuses to send the secret to a new authorization server the metadata names", async () => {
    const world = await startTwoIssuerWorld();
    try {
      const first = await pull(world.mcpUrl, "--client-credentials");
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);

      world.resource = "B";
      world.revokeAll();
      const second = await pull(world.mcpUrl, "--client-credentials");
      expect(second.code).toBe(3);
      expect(second.stderr).toMatch(/^error: [^\n]*\n$/);
      expect(second.stderr).toContain(`are registered with ${world.issuerA}`);
      expect(second.stderr).toContain(world.issuerB);
      expect(second.stderr).not.toContain(CLIENT_SECRET);
      // The flags it already used are not offered as the way out.
      expect(second.stderr).not.toContain("sign in on a terminal");
      expect(world.b.received.filter((r) => r.method === "POST")).toEqual([]);
      expect(world.leaks([CLIENT_SECRET, ...world.refreshTokensOfA()])).toEqual([]);
    } finally {
      await world.close();
    }
  });

  it("sends nothing to a server that publishes no OAuth metadata", async () => {
    const world = await startTwoIssuerWorld();
    try {
      world.resource = "absent";
      world.root = "absent";
      const run = await pull(world.mcpUrl, "--client-credentials");
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/^error: [^\n]*publishes no OAuth metadata[^\n]*\n$/);
      expect(world.mcp.received.map((r) => r.url).filter((url) => !url.startsWith("/."))).toEqual([
        "/mcp",
      ]);
      expect(world.leaks([CLIENT_SECRET])).toEqual([]);
    } finally {
      await world.close();
    }
  });
});

describe("pull --timeout", () => {
  it("ends with one line naming the metadata URL that never answered", async () => {
    const hang = new Map([["/.well-known/oauth-protected-resource/mcp", "head" as const]]);
    const world = await startWorld({ hang });
    try {
      // No auth flag: in CI the runtime still reads the metadata before it can refuse a sign-in.
      const run = await runNode(
        [BIN, "pull", "--url", world.mcpUrl, "--out", "mcp/hung", "--timeout", "3000"],
        project.dir,
        { extra: { CI: "true", MCP_CODEGEN_TOKEN_STORE: project.path("home/tokens.json") } },
      );
      expect(run.code).toBe(3);
      const metadata = `${new URL(world.mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`;
      expect(run.stderr).toBe(
        `error: ${world.mcpUrl}: could not connect: the server asks for OAuth, and the protected resource metadata at ${metadata} did not answer within 3000 ms (--timeout) (raise --timeout if it is only slow)\n`,
      );
    } finally {
      await world.close();
    }
  });
});
