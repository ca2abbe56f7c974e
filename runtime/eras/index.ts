/**
 * Which protocol era a server speaks and opening a session in it: the `server/discover` probe,
 * the initialize handshake, what discovery told the client.
 */
export { DEFAULT_PROBE_TIMEOUT_MS, establishEra } from "./establish-era.js";
export { startDeadline, type ConnectDeadline } from "./connect-deadline.js";
export { describeServer, invalidResult } from "./server-description.js";
export type { ServerDescription } from "./server-description.js";
