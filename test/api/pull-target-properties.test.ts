/**
 * Whatever a build script passes as `pull()`'s target, a bad one is refused before anything
 * connects or starts, with exit code 2 and a fixed message: no part of the value is quoted, since
 * a URL, header or variable may carry a credential.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CliError, ExitCode, pull, type PullTarget } from "../../cli/index.js";

async function refusal(target: unknown): Promise<{ exitCode: number; message: string }> {
  const error = await pull(target as PullTarget).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CliError)) throw new Error(`not a CliError: ${String(error)}`);
  return { exitCode: error.exitCode, message: error.message };
}

const isUrl = (text: string) => {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
};

const isHeaderName = (name: string) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);

describe("pull() refuses a bad target without quoting it", () => {
  it("a url that does not parse", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary" }).filter((text) => !isUrl(text)),
        async (url) => {
          expect(await refusal({ url })).toEqual({
            exitCode: ExitCode.Usage,
            message: "pull: target.url is not a valid URL; expected e.g. http://localhost:3000/mcp",
          });
        },
      ),
    );
  });

  it("a header whose name is not an HTTP token, whatever its value", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", minLength: 1 }).filter((name) => !isHeaderName(name)),
        fc.string({ unit: "binary" }),
        async (name, value) => {
          expect(
            await refusal({ url: "http://127.0.0.1:9/mcp", headers: { [name]: value } }),
          ).toEqual({
            exitCode: ExitCode.Usage,
            message: "pull: target.headers has a name that is not a valid HTTP header name",
          });
        },
      ),
    );
  });

  it("any value that is neither shape", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(null),
          fc.integer(),
          fc.string(),
          fc.dictionary(fc.constantFrom("uri", "cmd", "args"), fc.string()),
        ),
        async (target) => {
          const { exitCode, message } = await refusal(target);
          expect(exitCode).toBe(ExitCode.Usage);
          expect(message).toMatch(/^pull: the target (must be|has neither)/);
        },
      ),
    );
  });
});
