/**
 * `@modelcontextprotocol/server-everything` over HTTP, in either of the two ways it offers:
 * Streamable HTTP with sessions (`streamableHttp`, endpoint `/mcp`) or the deprecated HTTP+SSE
 * transport (`sse`, endpoint `/sse`), on a free port, with a temporary HOME and folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { referenceServer, type ReferenceServer } from "./reference-servers.js";

/** Everything `startEverythingHttp` started, for `stopEverythingHttp`. */
const started: { child: ChildProcess; folder: ReferenceServer }[] = [];

/** A port nothing listens on now (the server started next binds it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const port = (probe.address() as { port: number }).port;
  probe.close();
  await once(probe, "close");
  return port;
}

/** Starts server-everything in `mode` on `port`; resolves once it listens. */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
  port: number,
): Promise<ChildProcess> {
  const folder = await referenceServer("everything");
  const child = spawn(folder.command, [...folder.args, mode], {
    cwd: folder.cwd,
    env: { ...process.env, ...folder.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  started.push({ child, folder });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/listening on port|running on port/i.test(stderr)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server-everything exited ${code}: ${stderr}`)));
  });
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** Stops every server started here and removes their folders. */
export async function stopEverythingHttp(): Promise<void> {
  const all = started.splice(0);
  await Promise.all(all.map(({ child }) => stopServer(child)));
  await Promise.all(all.map(({ folder }) => folder.remove()));
}
