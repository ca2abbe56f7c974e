/**
 * The client the official MCP conformance harness drives: `client.mjs <serverUrl>`, with the
 * scenario in `MCP_CONFORMANCE_SCENARIO` (and for some, test data in `MCP_CONFORMANCE_CONTEXT`).
 * Each scenario is a few calls on the runtime's public API, the way an application would make
 * them; the harness's mock server records the wire and judges it. No protocol work happens here.
 *
 * A scenario with no entry in SCENARIOS (and not `auth/*`) exits 2 without a request, so the
 * harness reports it failing.
 */
import { connect } from "@mcp-codegen/runtime";
import type {
  AuthorizationRedirect,
  ConnectOptions,
  McpClient,
  OAuthOptions,
} from "@mcp-codegen/runtime";

type Scenario = (url: string) => Promise<void>;

/**
 * Every optional client capability declared. A declared input kind needs a handler; `"manual"`
 * is one that leaves the answer to the caller.
 */
const DECLARE_EVERY_INPUT_KIND = {
  capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
  handlers: { elicitation: "manual", sampling: "manual", roots: "manual" } as const,
};

/**
 * The skills extension (SEP-2640) as a host uses it: list the entries, load the first skill, and
 * read its files; a file that fails verification throws, so nothing after it is read.
 */
const loadEverySkill: Scenario = (url) =>
  session(url, {}, async (client) => {
    for (const entry of await client.skills.list()) {
      const skill = await client.skills.load(entry);
      for (const file of skill.files) if (file !== entry.uri) await skill.readFile(file);
    }
  });

/** What a scenario's mock serves, through the calls an application would make. */
const SCENARIOS: Record<string, Scenario> = {
  // 2025-era scenarios: connect() finds the initialize era on their mocks by itself.
  initialize: (url) => session(url, {}, (client) => client.listTools()),
  // The tool's response arrives on the GET stream after the POST stream closes with an SSE
  // `retry` field; the runtime must wait that long and resume with Last-Event-ID.
  "sse-retry": (url) => session(url, {}, (client) => client.callTool("test_reconnection", {})),
  // The server asks for a form whose every field has a default (SEP-1034); accepting it with no
  // values leaves the runtime to fill each default in before answering.
  "elicitation-sep1034-client-defaults": (url) =>
    session(
      url,
      { handlers: { elicitation: () => ({ action: "accept", content: {} }) } },
      async (client) => {
        await client.listTools();
        await client.callTool("test_client_elicitation_defaults", {});
      },
    ),

  tools_call: (url) =>
    session(url, {}, async (client) => {
      const tools = await client.listTools();
      if (tools.some((tool) => tool.name === "add_numbers")) {
        await client.callTool("add_numbers", { a: 5, b: 3 });
      }
    }),

  // Connecting is the whole scenario: `server/discover`, retried on the version the server
  // names when it rejects the first (-32022), with every optional capability declared.
  "request-metadata": (url) => session(url, DECLARE_EVERY_INPUT_KIND, async () => undefined),

  // Multi round-trip requests (SEP-2322): the tools answer `input_required` with an elicitation
  // (and request state to echo); the handler answers it and the runtime retries. Tools that fail
  // are reported and the next one runs, so every check gets its traffic.
  "sep-2322-client-request-state": (url) =>
    session(
      url,
      {
        discover: false,
        handlers: { elicitation: () => ({ action: "accept", content: { confirmed: true } }) },
      },
      async (client) => {
        for (const tool of [
          "test_mrtr_echo_state",
          "test_mrtr_no_state",
          "test_mrtr_unrelated",
          "test_mrtr_no_result_type",
        ]) {
          await client.callTool(tool, {}).catch(report);
        }
      },
    ),

  // SEP-2243 mocks answer tools, resources and prompts but not `server/discover`.
  "http-standard-headers": (url) =>
    session(url, { discover: false }, async (client) => {
      const [tool] = await client.listTools();
      if (tool !== undefined) await client.callTool(tool.name, {});
      const [resource] = await client.listResources();
      if (resource !== undefined) await client.readResource(resource.uri);
      const [prompt] = await client.listPrompts();
      if (prompt !== undefined) await client.getPrompt(prompt.name, {});
    }),
  "http-custom-headers": (url) =>
    session(url, { discover: false }, async (client) => {
      await client.listTools();
      for (const call of toolCallsFromContext()) await client.callTool(call.name, call.arguments);
    }),
  // listTools() must drop the tools whose x-mcp-header annotations are invalid; every tool it
  // keeps is called, so a tool it should have dropped shows up on the wire.
  "http-invalid-tool-headers": (url) =>
    session(url, { discover: false }, async (client) => {
      for (const tool of await client.listTools()) {
        await client.callTool(tool.name, { region: "us-west1" }).catch(report);
      }
    }),

  // Listing skills reads metadata only: no skill file is fetched before a skill is loaded.
  "sep-2640-client-no-prefetch": (url) =>
    session(url, {}, async (client) => {
      await client.skills.list();
    }),
  // Each mock serves a SKILL.md that fails one check against its entry: loading it must fail
  // before the skill's other file is read.
  "sep-2640-client-verify-digest": loadEverySkill,
  "sep-2640-client-verify-size": loadEverySkill,
  "sep-2640-client-verify-frontmatter": loadEverySkill,

  // Listing must not fetch the network `$ref` in a tool's outputSchema.
  "json-schema-ref-no-deref": (url) => session(url, {}, (client) => client.listTools()),
  // The inputSchema exactly as listTools() hands it over goes back through an echo tool.
  "json-schema-2020-12-preservation": (url) =>
    session(url, {}, async (client) => {
      const tools = await client.listTools();
      const focal = tools.find((tool) => tool.name === "json_schema_2020_12_tool");
      if (focal === undefined) throw new Error("json_schema_2020_12_tool is not listed");
      await client.callTool("json_schema_echo", { schema: focal.inputSchema });
    }),
};

/**
 * The URL the harness's authorization servers accept as a Client ID Metadata Document (they never
 * fetch it): what a real client would host on its own https origin.
 */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

/**
 * Every auth/* scenario: connect with OAuth, list the tools and call the first, the way an
 * application would; the mock's authorization server judges the flow. Pre-registered
 * credentials come from the scenario context.
 */
async function authScenario(url: string): Promise<void> {
  const context = scenarioContext();
  const scenario = process.env["MCP_CONFORMANCE_SCENARIO"] ?? "";
  const options: ConnectOptions = {};
  const auth: OAuthOptions = {};
  if (scenario.startsWith("auth/client-credentials")) {
    // No user: the client credentials extension, declared as the extension asks.
    auth.clientCredentials = { clientId: String(context.client_id) };
    if (typeof context.client_secret === "string") {
      auth.clientCredentials.clientSecret = context.client_secret;
    }
    if (typeof context.private_key_pem === "string") {
      auth.clientCredentials.privateKey = context.private_key_pem;
    }
    options.capabilities = {
      extensions: { "io.modelcontextprotocol/oauth-client-credentials": {} },
    };
  } else if (scenario === "auth/enterprise-managed-authorization") {
    // Single sign-on: the IdP's ID token is exchanged for an ID-JAG the authorization server takes.
    const idToken = String(context.idp_id_token);
    auth.enterpriseManaged = {
      clientId: String(context.client_id),
      clientSecret: String(context.client_secret),
      idpTokenEndpoint: String(context.idp_token_endpoint),
      idpClientId: String(context.idp_client_id),
      idToken: () => idToken,
    };
    options.capabilities = {
      extensions: { "io.modelcontextprotocol/enterprise-managed-authorization": {} },
    };
  } else if (scenario === "auth/wif-jwt-bearer") {
    // No user: the workload's platform-issued JWT is the grant (the wif extension).
    const assertion = String(context.valid_jwt);
    auth.workloadIdentity = { clientId: String(context.client_id), assertion: () => assertion };
    options.capabilities = { extensions: { "io.modelcontextprotocol/auth/wif": {} } };
  } else {
    auth.redirect = headlessRedirect("http://localhost:3000/callback");
    auth.clientMetadataUrl = CLIENT_METADATA_URL;
    if (typeof context.client_id === "string") {
      auth.client = { clientId: context.client_id };
      if (typeof context.client_secret === "string") {
        auth.client.clientSecret = context.client_secret;
      }
    }
  }
  await session(
    url,
    options,
    async (client) => {
      const [tool] = await client.listTools();
      if (tool !== undefined) await client.callTool(tool.name, {});
    },
    auth,
  );
}

/**
 * The user-agent leg without a user: the harness's authorization endpoint redirects straight
 * back, so the redirect is the `Location` of a GET that does not follow it.
 */
function headlessRedirect(redirectUri: string): AuthorizationRedirect {
  return {
    redirectUri,
    async authorize(authorizationUrl, signal) {
      const response = await fetch(authorizationUrl, {
        redirect: "manual",
        ...(signal === undefined ? {} : { signal }),
      });
      const location = response.headers.get("location");
      await response.body?.cancel();
      if (location === null) {
        throw new Error(
          `the authorization endpoint answered HTTP ${response.status}, not a redirect`,
        );
      }
      return new URL(location, authorizationUrl);
    },
  };
}

/** Connects, runs `body`, and always closes. */
async function session(
  url: string,
  options: ConnectOptions,
  body: (client: McpClient) => Promise<unknown>,
  auth?: OAuthOptions,
): Promise<void> {
  const client = await connect(auth === undefined ? { url } : { url, auth }, {
    clientInfo: { name: "mcp-codegen-conformance", version: "1.0.0" },
    ...options,
  });
  try {
    await body(client);
  } finally {
    await client.close();
  }
}

/** The tool calls the harness asks for (http-custom-headers). */
function toolCallsFromContext(): { name: string; arguments: Record<string, unknown> }[] {
  const context = scenarioContext() as {
    toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  };
  return context.toolCalls ?? [];
}

/** The scenario's test data (`MCP_CONFORMANCE_CONTEXT`), or `{}`. */
function scenarioContext(): Record<string, unknown> {
  const raw = process.env["MCP_CONFORMANCE_CONTEXT"];
  if (raw === undefined || raw === "") return {};
  return JSON.parse(raw) as Record<string, unknown>;
}

function report(error: unknown): void {
  console.error(error instanceof Error ? error.message : String(error));
}

async function main(): Promise<number> {
  const scenario = process.env["MCP_CONFORMANCE_SCENARIO"] ?? "";
  const url = process.argv[2];
  const run = scenario.startsWith("auth/") ? authScenario : SCENARIOS[scenario];
  if (url === undefined || run === undefined) {
    console.error(`no conformance handler for scenario ${JSON.stringify(scenario)}`);
    return 2;
  }
  try {
    await run(url);
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  }
}

// Exit at once: a keep-alive socket left in the pool must not hold the harness waiting.
process.exit(await main());
