/**
 * Starts the echo servers the benchmark needs: the stdio command line (each stdio client spawns
 * its own child) and one HTTP server in a child process, shared by the HTTP clients, which are
 * never measured at the same time.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { echoStdio } from "../fixtures/servers/index.js";
import type { EchoTarget } from "./bench-client.js";

export interface EchoServers extends EchoTarget {
  close(): Promise<void>;
}

export async function startEchoServers(): Promise<EchoServers> {
  const stdio = echoStdio();
  // Same loader flags as the stdio server: `--import <tsx>` then the entry file.
  const loader = stdio.args.slice(0, -1);
  const entry = fileURLToPath(new URL("./echo-http-child.ts", import.meta.url));
  const child = spawn(stdio.command, [...loader, entry], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`echo HTTP server exited with ${code}`)));
  });
  lines.close();
  return {
    stdio,
    url,
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
