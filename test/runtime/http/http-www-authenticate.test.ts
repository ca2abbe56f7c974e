import { describe, expect, it } from "vitest";
import { bearerChallenge, parseWwwAuthenticate } from "../../../runtime/http/www-authenticate.js";
import type { AuthChallenge } from "../../../runtime/http/www-authenticate.js";

describe("parseWwwAuthenticate", () => {
  const table: Array<[given: string, want: AuthChallenge[]]> = [
    ["Bearer", [{ scheme: "Bearer", params: {} }]],
    [
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"',
      [
        {
          scheme: "Bearer",
          params: {
            resource_metadata: "https://mcp.example.com/.well-known/oauth-protected-resource",
          },
        },
      ],
    ],
    [
      'Bearer error="insufficient_scope", scope="files:read files:write", error_description="Need more"',
      [
        {
          scheme: "Bearer",
          params: {
            error: "insufficient_scope",
            scope: "files:read files:write",
            error_description: "Need more",
          },
        },
      ],
    ],
    [
      'Basic realm="x", Bearer realm="y" , error=invalid_token',
      [
        { scheme: "Basic", params: { realm: "x" } },
        { scheme: "Bearer", params: { realm: "y", error: "invalid_token" } },
      ],
    ],
    [
      "Basic dXNlcjpwYXNz==, Bearer",
      [
        { scheme: "Basic", params: {}, token68: "dXNlcjpwYXNz==" },
        { scheme: "Bearer", params: {} },
      ],
    ],
    [
      "Negotiate, Bearer",
      [
        { scheme: "Negotiate", params: {} },
        { scheme: "Bearer", params: {} },
      ],
    ],
    [
      'BEARER Error="a \\"quoted\\" \\\\ value", ,, scope = "s"',
      [{ scheme: "BEARER", params: { error: 'a "quoted" \\ value', scope: "s" } }],
    ],
    ['Bearer error="unterminated', [{ scheme: "Bearer", params: { error: "unterminated" } }]],
    ['Bearer scope="a", scope="b"', [{ scheme: "Bearer", params: { scope: "a" } }]],
    ["", []],
    ["  ,  ", []],
    ['@@@ Bearer scope="x"', [{ scheme: "Bearer", params: { scope: "x" } }]],
  ];
  it.each(table)("%j", (given, want) => {
    expect(parseWwwAuthenticate(given)).toEqual(want);
  });

  it("keeps a parameter named __proto__ as a plain key", () => {
    const [challenge] = parseWwwAuthenticate('Bearer __proto__="x"');
    expect(Object.getPrototypeOf(challenge?.params)).toBe(Object.prototype);
    expect(Object.hasOwn(challenge?.params ?? {}, "__proto__")).toBe(true);
  });
});

describe("bearerChallenge", () => {
  it.each([
    [undefined, undefined],
    ['Basic realm="x"', undefined],
    ['Basic realm="x", bearer scope="s"', { scope: "s" }],
    [['Basic realm="x"', 'Bearer error="invalid_token"'], { error: "invalid_token" }],
  ])("%j → %j", (given, want) => {
    expect(bearerChallenge(given)).toEqual(want);
  });
});
