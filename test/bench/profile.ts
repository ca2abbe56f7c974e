/**
 * Runs one client on one case for a while, for `node --cpu-prof`:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx test/bench/profile.ts runtime stdio 64 5000
 *
 * Arguments: client (runtime | official | floor), transport (stdio | http), concurrency, ms.
 * The runtime comes from `dist/` when the build is up to date (set BENCH_SOURCE=1 for the source).
 * Summarise the profile with `node test/bench/profile-summary.mjs /tmp/prof/<file>.cpuprofile`.
 */
import { CLIENT_NAMES, TRANSPORT_NAMES, verifyEcho } from "./bench-client.js";
import type { BenchClient, ClientName, TransportName } from "./bench-client.js";
import { startEchoServers } from "./echo-servers.js";
import { connectFloorHttp } from "./floor-http.js";
import { connectFloorStdio } from "./floor-stdio.js";
import { measureThroughput } from "./measure.js";
import { connectOfficialHttp, connectOfficialStdio } from "./official-client.js";
import { connectRuntime, loadRuntime } from "./runtime-client.js";

const [clientArg = "runtime", transportArg = "stdio", concurrencyArg = "64", msArg = "5000"] =
  process.argv.slice(2);
if (!(CLIENT_NAMES as readonly string[]).includes(clientArg))
  throw new Error(`client: ${clientArg}`);
if (!(TRANSPORT_NAMES as readonly string[]).includes(transportArg)) {
  throw new Error(`transport: ${transportArg}`);
}
const name = clientArg as ClientName;
const transport = transportArg as TransportName;

const runtime = await loadRuntime(process.env.BENCH_SOURCE === "1");
process.stderr.write(`runtime from ${runtime.origin}\n`);
const servers = await startEchoServers();
const { command, args } = servers.stdio;
const connectors: Record<ClientName, () => Promise<BenchClient> | BenchClient> =
  transport === "stdio"
    ? {
        runtime: () => connectRuntime(runtime, { command, args }),
        official: () => connectOfficialStdio(command, args),
        floor: () => connectFloorStdio(command, args),
      }
    : {
        runtime: () => connectRuntime(runtime, { url: servers.url }),
        official: () => connectOfficialHttp(servers.url),
        floor: () => connectFloorHttp(servers.url),
      };
const client = await connectors[name]();
await verifyEcho(name, client);
const { callsPerSecond, cpuMicrosPerCall } = await measureThroughput(
  client,
  Number(concurrencyArg),
  Number(msArg),
);
process.stdout.write(
  `${name} ${transport} ×${concurrencyArg}: ${Math.round(callsPerSecond)} calls/s, ${cpuMicrosPerCall.toFixed(1)} µs CPU per call\n`,
);
await client.close();
await servers.close();
