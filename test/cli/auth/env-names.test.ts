/**
 * The CLI's credential variables: the token store's name agrees with the runtime's; per-server
 * bearer variables are named from the server and always count as the CLI's own credentials (so a
 * stdio server never inherits one); the generic bearer variable is a single HTTP server's only.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOKEN_STORE_ENV as RUNTIME_TOKEN_STORE_ENV } from "@mcp-codegen/runtime/node/auth";
import { bearerTokenEnvs, serverBearerTokenEnv } from "../../../cli/auth/bearer-env.js";
import { isCliCredentialEnv, TOKEN_STORE_ENV } from "../../../cli/auth/env-names.js";
import { SERVER_NAME_PATTERN } from "../../../cli/config/index.js";
import { CliError } from "../../../cli/terminal/exit-codes.js";

describe("the token store's variable", () => {
  it("is the one the runtime's file store reads", () => {
    expect(TOKEN_STORE_ENV).toBe(RUNTIME_TOKEN_STORE_ENV);
  });
});

const serverName = fc.stringMatching(SERVER_NAME_PATTERN).filter((name) => name.length <= 40);

describe("isCliCredentialEnv", () => {
  it.each([
    ["MCP_CODEGEN_BEARER_TOKEN", true],
    ["MCP_CODEGEN_CLIENT_ID", true],
    ["MCP_CODEGEN_CLIENT_SECRET", true],
    ["MCP_CODEGEN_WEATHER_BEARER_TOKEN", true],
    ["mcp_codegen_client_secret", true],
    ["MCP_CODEGEN_TOKEN_STORE", false],
    ["MCP_CODEGEN_BEARER_TOKEN_FILE", false],
    ["GITHUB_TOKEN", false],
    ["PATH", false],
  ] as const)("%s → %s", (name, want) => {
    expect(isCliCredentialEnv(name)).toBe(want);
  });

  it("holds for every server's own bearer variable", () => {
    fc.assert(fc.property(serverName, (name) => isCliCredentialEnv(serverBearerTokenEnv(name))));
  });
});

describe("bearerTokenEnvs", () => {
  it.each([
    ["weather", "MCP_CODEGEN_WEATHER_BEARER_TOKEN"],
    ["beta-api", "MCP_CODEGEN_BETA_API_BEARER_TOKEN"],
    ["Linear_2", "MCP_CODEGEN_LINEAR_2_BEARER_TOKEN"],
  ])("names server %s's variable %s", (name, want) => {
    expect(serverBearerTokenEnv(name)).toBe(want);
  });

  it("gives the generic variable to a server only when it is the file's one HTTP server", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(serverName, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.subarray(["MCP_CODEGEN_BEARER_TOKEN"]),
        (all, chooseAll, generic) => {
          const env = Object.fromEntries(generic.map((name) => [name, "token"]));
          const chosen = chooseAll ? all : all.slice(0, 1);
          let envs: Map<string, string>;
          try {
            envs = bearerTokenEnvs(chosen, all, env);
          } catch (error) {
            // Refused exactly when the generic variable is set with several HTTP servers.
            expect(error).toBeInstanceOf(CliError);
            expect((error as CliError).exitCode).toBe(2);
            expect(generic.length === 1 && all.length > 1).toBe(true);
            return;
          }
          expect(generic.length === 1 && all.length > 1).toBe(false);
          for (const name of chosen) {
            const variable = envs.get(name);
            if (variable === "MCP_CODEGEN_BEARER_TOKEN") expect(all).toEqual([name]);
            else expect(variable).toBe(serverBearerTokenEnv(name));
          }
        },
      ),
    );
  });

  it("prefers a server's own variable to the generic one", () => {
    const env = { MCP_CODEGEN_BEARER_TOKEN: "a", MCP_CODEGEN_ONE_BEARER_TOKEN: "b" };
    expect(bearerTokenEnvs(["one"], ["one"], env).get("one")).toBe("MCP_CODEGEN_ONE_BEARER_TOKEN");
  });

  it("refuses a set variable that two servers' names share", () => {
    const env = { MCP_CODEGEN_A_B_BEARER_TOKEN: "t" };
    expect(() => bearerTokenEnvs(["a-b"], ["a-b", "a_b"], env)).toThrow(
      /names both servers\."a-b" and servers\."a_b"/,
    );
    // Unset, the shared name harms nothing.
    expect(bearerTokenEnvs(["a-b"], ["a-b", "a_b"], {}).get("a-b")).toBe(
      "MCP_CODEGEN_A_B_BEARER_TOKEN",
    );
  });
});
