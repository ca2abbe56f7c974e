/**
 * `stdioUnavailable`: the error for `connect({ command })` where no process can be spawned.
 */
import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { stdioUnavailable } from "../../../runtime/transports/stdio-unavailable.js";

describe("stdioUnavailable", () => {
  const table: Array<{ given: string; names: string }> = [
    { given: "a browser", names: "in a browser:" },
    { given: "Cloudflare Workers", names: "in Cloudflare Workers:" },
    { given: "  edge-light ", names: "in edge-light:" },
    { given: "", names: "in this runtime:" },
  ];
  for (const { given, names } of table) {
    it(`${JSON.stringify(given)} → "${names}"`, () => {
      const error = stdioUnavailable(given);
      expect(isMcpError(error)).toBe(true);
      expect(error.kind).toBe("transport");
      expect(error.code).toBeUndefined();
      expect(error.message).toContain(names);
    });
  }

  it("says what stdio needs and what to use instead", () => {
    const { message } = stdioUnavailable("a browser");
    expect(message).toMatch(/^connect\(\{ command \}\) cannot start a local MCP server/);
    expect(message).toContain("Node.js, Bun or Deno");
    expect(message).toContain("connect({ url:");
  });
});
