/**
 * Entry point: the echo HTTP server in a process of its own, printing its URL on the first
 * stdout line. The benchmark runs it apart from the clients so, as with stdio, the server's
 * work does not share the client's event loop and each side has a core.
 */
import { startEchoHttp } from "../fixtures/servers/index.js";

const server = await startEchoHttp();
process.stdout.write(`${server.url}\n`);
// The parent ends the server by closing our stdin (or by exiting, which closes it too).
process.stdin.resume();
process.stdin.on("end", () => {
  void server.close().then(() => process.exit(0));
});
