import { describe, expect, it } from "vitest";
import { CliError } from "../../../cli/terminal/exit-codes.js";
import { resolveTarget, type TargetFlags } from "../../../cli/jobs/target-flags.js";

const KEY = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";

describe("resolveTarget: label and secrets", () => {
  // [what, flags, want label, want secret texts]
  const table: ReadonlyArray<readonly [string, TargetFlags, string, readonly string[]]> = [
    [
      "a bearer header and a token in the query",
      {
        url: "https://h.example/mcp?api_key=%2541bc&mode=fast",
        header: ["Authorization: Bearer t0k-123", "Accept: application/json"],
      },
      "https://h.example/mcp?api_key=***&mode=***",
      ["%2541bc", "%41bc", "Bearer t0k-123", "t0k-123"],
    ],
    [
      "--secret-header",
      { url: "https://h.example/mcp", secretHeader: ["X-Tenant: acme-corp"] },
      "https://h.example/mcp",
      ["acme-corp"],
    ],
    [
      "a key in the path",
      { url: `https://h.example/s/${KEY}/mcp` },
      "https://h.example/s/***/mcp",
      [KEY],
    ],
    [
      "ordinary and credential env values, and --secret-env",
      {
        command: ["node", "server.js"],
        env: ["LOG_LEVEL=info", "GITHUB_TOKEN=ghp_x1"],
        secretEnv: ["REGION=eu-west-1"],
      },
      "node server.js",
      ["ghp_x1", "eu-west-1"],
    ],
    [
      "credentials among the arguments",
      { command: ["npx", "server", "--api-key", "k3y-value", KEY] },
      "npx server --api-key *** ***",
      ["k3y-value", KEY],
    ],
  ];
  it.each(table)("%s", (_, flags, label, secrets) => {
    const resolved = resolveTarget(flags);
    expect(resolved.label).toBe(label);
    expect([...new Set(resolved.secrets.map((secret) => secret.text))].sort()).toEqual(
      [...secrets].sort(),
    );
  });
});

describe("resolveTarget: errors quote no value", () => {
  // [flags, want message]
  const table: ReadonlyArray<readonly [TargetFlags, string]> = [
    [
      { url: "https://h.example/mcp", header: [`Bearer ${KEY}`] },
      "--header: expected 'Name: value' with a valid header name before the colon, e.g. --header 'Authorization: Bearer …' (the value given is not shown)",
    ],
    [
      { command: ["node"], secretEnv: [KEY] },
      "--secret-env: expected KEY=value (the value given is not shown)",
    ],
    [
      { url: `http://[${KEY}/mcp` },
      "--url is not a valid URL; expected e.g. http://localhost:3000/mcp",
    ],
    [
      { url: "https://h.example/mcp", secretEnv: ["A=b"] },
      "--env and --secret-env apply to stdio servers only",
    ],
    [
      { command: ["node"], secretHeader: ["A: b"] },
      "--header and --secret-header apply to --url servers only",
    ],
  ];
  it.each(table)("%j → %j", (flags, message) => {
    expect(() => resolveTarget(flags)).toThrow(new CliError(message, 2));
  });
});
