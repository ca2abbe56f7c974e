/**
 * `McpClient` and `connect()`: the client's catalog, lifecycle and connection over time
 * (reconnects, restarts, status).
 */
export { LIST_METHODS, McpClient } from "./client.js";
export type { ListMethod, ListOptions, PageOptions } from "./client.js";
export { connect } from "./connect.js";
export type {
  ConnectOptions,
  ConnectTarget,
  HttpTarget,
  InProcessTarget,
  PrestartedServer,
  StdioTarget,
} from "./connect.js";
export type { ConnectionState, ConnectionStatus, StatusListener } from "./connection-status.js";
export type { RestartOptions } from "./restart-policy.js";
