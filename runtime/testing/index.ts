/**
 * Mocks for tests of code that calls a generated client: a mock server and a typed mock client.
 */
export { createMockClient } from "./mock-client.js";
export type { MockClient, MockClientOptions } from "./mock-client.js";
export { createMockServer } from "./mock-server.js";
export type { MockServer, MockServerOptions } from "./mock-server.js";
export * from "./mock-types.js";
