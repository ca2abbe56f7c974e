/**
 * Properties of the secrets rules, through the real CLI: a random credential, sent under a random
 * auth scheme or encoding and echoed back by the server in prose or in an error, never appears in
 * any file written (snapshot, generated code, cache) or any line printed; a random ordinary
 * `--env` value that the server repeats in names, keys and enums changes none of them.
 */
import fc from "fast-check";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { findLeaks, readTree } from "../support/cli-files.js";
import { createTempProject, runCliCaptured } from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { startEchoHttp, type EchoRequest } from "../support/echo-http-server.js";

/** Visible ASCII: what a header value or a percent-decoded query value can carry. */
const visible = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
/** Characters safe inside auth-params and cookies without quoting rules. */
const tokenChar = fc.constantFrom(..."ABCXYZabcxyz0189-._~+/");

/** Random enough not to occur by chance in generated code: 8+ characters, 3+ distinct. */
const credential = (unit: fc.Arbitrary<string>) =>
  fc.string({ unit, minLength: 8, maxLength: 20 }).filter((text) => new Set(text).size >= 3);

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** How the user passes the credential, and what the server reads back out of the request. */
interface Sending {
  argv: (url: string) => string[];
  echo: (request: EchoRequest) => string;
}

const afterScheme = (request: EchoRequest) =>
  String(request.headers.authorization).replace(/^\S+\s+/, "");

function percentEncode(text: string, encodeAll: readonly boolean[]): string {
  return [...text]
    .map((char, index) =>
      encodeAll[index % encodeAll.length] || !/[A-Za-z0-9_.~-]/.test(char)
        ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
        : char,
    )
    .join("");
}

function sent(secret: string, argv: Sending["argv"], echo: Sending["echo"]): [string, Sending] {
  return [secret, { argv, echo }];
}

const fromBasic = (request: EchoRequest) => Buffer.from(afterScheme(request), "base64").toString();

const sendings: fc.Arbitrary<[string, Sending]> = fc.oneof(
  fc
    .tuple(fc.constantFrom("Bearer", "Token", "DPoP", "MAC", "bearer"), credential(visible))
    .map(([scheme, secret]) =>
      sent(
        secret,
        (url) => ["--header", `Authorization: ${scheme} ${secret}`, "--url", url],
        afterScheme,
      ),
    ),
  credential(visible).map((secret) =>
    sent(
      secret,
      (url) => ["--header", `Authorization: Basic ${b64(`user:${secret}`)}`, "--url", url],
      (request) => fromBasic(request).slice(5),
    ),
  ),
  credential(visible.filter((char) => char !== ":")).map((secret) =>
    sent(
      secret,
      (url) => ["--header", `Authorization: Basic ${b64(`${secret}:`)}`, "--url", url],
      (request) => fromBasic(request).slice(0, -1),
    ),
  ),
  credential(tokenChar).map((secret) =>
    sent(
      secret,
      (url) => [
        "--header",
        `Authorization: Digest username="u", realm="r", response="${secret}"`,
        "--url",
        url,
      ],
      (request) => /response="([^"]*)"/.exec(afterScheme(request))?.[1] ?? "",
    ),
  ),
  credential(tokenChar).map((secret) =>
    sent(
      secret,
      (url) => ["--header", `Cookie: theme=dark; sid=${secret}`, "--url", url],
      (request) => String(request.headers.cookie).split("sid=")[1] ?? "",
    ),
  ),
  fc.tuple(fc.constantFrom("X-API-Key", "Api-Token"), credential(visible)).map(([name, secret]) =>
    sent(
      secret,
      (url) => ["--header", `${name}: ${secret}`, "--url", url],
      (request) => String(request.headers[name.toLowerCase()]),
    ),
  ),
  credential(visible).map((secret) =>
    sent(
      secret,
      (url) => ["--secret-header", `X-Plain: ${secret}`, "--url", url],
      (request) => String(request.headers["x-plain"]),
    ),
  ),
  fc
    .tuple(credential(visible), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }))
    .map(([secret, encodeAll]) =>
      sent(
        secret,
        (url) => ["--url", `${url}?mode=x&access_token=${percentEncode(secret, encodeAll)}`],
        (request) => new URL(request.url, "http://x").searchParams.get("access_token") ?? "",
      ),
    ),
);

describe("secrets never leak, whatever the scheme or encoding", () => {
  it("random credentials echoed in prose or errors appear in no file and no line", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(sendings, fc.boolean(), async ([secret, sending], fail) => {
        const project = await createTempProject("secrets-property");
        const server = await startEchoHttp((request) => {
          const echoed = sending.echo(request);
          // The server must really have received the credential to be able to leak it.
          expect(echoed).toBe(secret);
          if (fail) return { fail: `rejected ${echoed}` };
          const tool = simpleTool("lookup", { key: { type: "string", default: echoed } });
          return { tools: [{ ...tool, title: echoed, description: `as ${echoed}.` }] };
        });
        try {
          const run = await runCliCaptured(
            ["pull", "--out", "out", ...sending.argv(server.url)],
            project.dir,
            { interactive: true },
          );
          runs++;
          expect(run.code).toBe(fail ? 3 : 0);
          const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
          Object.assign(texts, await readTree(project.dir, { caches: true }));
          expect(findLeaks(texts, [secret])).toEqual([]);
        } finally {
          await server.close();
          await project.remove();
        }
      }),
      { numRuns: 24 },
    );
    expect(runs).toBe(24);
  }, 120_000);
});

describe("ordinary --env values change nothing", () => {
  it("a random plain value repeated in names, keys and enums stays as the server sent it", async () => {
    const project = await createTempProject("secrets-ordinary");
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("LOG_LEVEL", "MODE", "REGION", "FORMAT", "LANGUAGE"),
          fc.stringMatching(/^[a-z]{4,10}$/),
          async (variable, value) => {
            const tool = {
              ...simpleTool(`get_{{${variable}}}`, {
                [`{{${variable}}}`]: { type: "string", enum: [`{{${variable}}}`, "other"] },
              }),
              description: `Uses {{${variable}}}.`,
            };
            const folder = `${variable}-${value}`;
            const contract = await project.write(`${folder}/contract.json`, {
              echoEnv: true,
              tools: [tool],
            });
            const run = await runCliCaptured(
              [
                "pull",
                "--out",
                `${folder}/out`,
                "--env",
                `${variable}=${value}`,
                "--",
                ...contractServerCommand(contract),
              ],
              project.dir,
            );
            expect(run).toMatchObject({ code: 0, stderr: "" });
            const snapshot = JSON.parse(
              await readFile(project.path(folder, "out", "mcp.snapshot.json"), "utf8"),
            ) as { tools: Array<{ name: string; description: string; inputSchema: unknown }> };
            expect(snapshot.tools[0]).toMatchObject({
              name: `get_${value}`,
              description: `Uses ${value}.`,
              inputSchema: {
                properties: { [value]: { type: "string", enum: [value, "other"] } },
              },
            });
          },
        ),
        { numRuns: 12 },
      );
    } finally {
      await project.remove();
    }
  }, 120_000);
});
