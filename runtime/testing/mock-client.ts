/**
 * `createMockClient`: a typed client connected to a mock server (mock-server.ts) in the same
 * process, the factory behind a generated `createMock<Client>Client`. The client is the real one
 * (`connect`, the generated bind function), so the code under test runs exactly as against a
 * server; only the server is the test's.
 */
import type { McpClient } from "../client/index.js";
import { connect, type ConnectOptions } from "../client/index.js";
import { createMockServer, type MockServerOptions } from "./mock-server.js";
import type { MockDefinitions, MockHandlers, MockRecording } from "./mock-types.js";

/** A typed client whose server is a mock, with the mock's record of calls. */
export type MockClient<Client, Definitions extends MockDefinitions> = Client &
  MockRecording<Definitions>;

export interface MockClientOptions extends ConnectOptions, MockServerOptions {}

/** Connects `bind`'s typed client to a new mock server built from `definitions` and `handlers`. */
export async function createMockClient<Client, Definitions extends MockDefinitions>(
  definitions: Definitions,
  handlers: MockHandlers<Definitions>,
  bind: (client: McpClient) => Client,
  options: MockClientOptions = {},
): Promise<MockClient<Client, Definitions>> {
  const { serverInfo, ...connectOptions } = options;
  const mock = createMockServer(
    definitions,
    handlers,
    serverInfo === undefined ? {} : { serverInfo },
  );
  const client = bind(await connect({ server: mock.handler }, connectOptions));
  // `calls` is the mock's own array: calls made later show up in it.
  return Object.assign(client as Client & object, {
    calls: mock.calls,
    callsTo: mock.callsTo,
  }) as MockClient<Client, Definitions>;
}
