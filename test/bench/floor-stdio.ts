/**
 * The floor over stdio: the least client code that can call the echo tool. One `JSON.stringify`
 * and one pipe write per request, a newline splitter, one `JSON.parse` per line, a `Map` from id
 * to resolver. No timeouts, no validation beyond the id match, no diagnostics.
 */
import { spawn } from "node:child_process";
import type { BenchClient } from "./bench-client.js";
import { echoRequest } from "./envelope.js";

interface Reply {
  id?: number;
  result?: { structuredContent?: unknown };
  error?: { message?: string };
}

type Waiter = (reply: Reply) => void;

export function connectFloorStdio(command: string, args: string[]): BenchClient {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map<number, Waiter>();
  let nextId = 1;
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffered += chunk;
    let start = 0;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n", start)) {
      const reply = JSON.parse(buffered.slice(start, end)) as Reply;
      start = end + 1;
      const waiter = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (waiter === undefined) continue;
      waiting.delete(reply.id as number);
      waiter(reply);
    }
    buffered = buffered.slice(start);
  });
  return {
    call(i) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) => {
          if (reply.result !== undefined) resolve(reply.result.structuredContent);
          else reject(new Error(reply.error?.message ?? "no result"));
        });
        child.stdin.write(echoRequest(id, i) + "\n");
      });
    },
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}
