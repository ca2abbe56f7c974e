/**
 * One deadline for connecting: the probe, the handshake and a restarted process share connect's
 * `timeout`. Unit table on a fake clock, then a real silent child process: it is started once
 * (no restart after the deadline), and the error names the deadline, what went unanswered and
 * the time spent, which is never more than the test measured.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, isMcpError, McpError } from "@mcp-codegen/runtime";
import { startDeadline } from "../../../runtime/eras/connect-deadline.js";

describe("startDeadline", () => {
  const clock = (start: number) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => void (now += ms) };
  };

  it("gives each request what is left, the probe at most half of it", () => {
    const time = clock(1000);
    const deadline = startDeadline(3000, time.now);
    expect(deadline.left()).toBe(3000);
    expect(deadline.probe(10_000)).toBe(1500);
    expect(deadline.probe(200)).toBe(200);
    time.advance(1500);
    expect(deadline.left()).toBe(1500);
    expect(deadline.passed()).toBe(false);
    time.advance(1500);
    expect(deadline.passed()).toBe(true);
    // A request is never sent with a zero or negative timeout (0 means "no timeout").
    expect(deadline.left()).toBe(1);
  });

  it.each([0, Infinity])("has no deadline for timeout %s", (timeout) => {
    const deadline = startDeadline(timeout, () => 5);
    expect(deadline.left()).toBeUndefined();
    expect(deadline.probe(10_000)).toBe(10_000);
    expect(deadline.passed()).toBe(false);
  });

  it("explains a request timeout as connect's, and passes other errors through", () => {
    const time = clock(0);
    const deadline = startDeadline(2000, time.now);
    const timeout = new McpError({ kind: "timeout", method: "initialize", message: "slow" });
    const transport = new McpError({ kind: "transport", message: "gone" });
    // Nothing recorded as unanswered: the timeout is not the deadline's.
    expect(deadline.explain(timeout, "cmd")).toBe(timeout);
    deadline.unanswered("server/discover");
    deadline.unanswered("initialize");
    time.advance(2100);
    expect(deadline.explain(transport, "cmd")).toBe(transport);
    const explained = deadline.explain(timeout, "cmd");
    expect(isMcpError(explained) && explained.kind).toBe("timeout");
    expect((explained as McpError).data).toEqual({
      connectTimeout: 2000,
      elapsed: 2100,
      unanswered: ["server/discover", "initialize"],
    });
    expect((explained as McpError).message).toBe(
      'connect "cmd": the server never answered server/discover, then initialize within 2000 ms (gave up after 2.1 s); pass a larger `timeout` if the server is only slow to start',
    );
  });
});

describe("connect to a command that never answers", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "connect-deadline-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("waits one deadline in all: started once, both requests named, the time spent told", async () => {
    const starts = join(dir, "starts.txt");
    // Notes each start, then neither answers nor exits (it also ignores the end of stdin).
    const script = `require("fs").appendFileSync(${JSON.stringify(starts)}, "started\\n"); setInterval(() => {}, 1e6);`;
    const sent: string[] = [];
    const began = Date.now();
    const error = await connect(
      { command: process.execPath, args: ["-e", script] },
      { timeout: 1000, onRequestSent: (method) => sent.push(method) },
    ).catch((caught: unknown) => caught);
    const measured = Date.now() - began;
    expect(isMcpError(error) && error.kind).toBe("timeout");
    const data = (error as McpError<"timeout">).data as {
      connectTimeout: number;
      elapsed: number;
      unanswered: string[];
    };
    expect(data.connectTimeout).toBe(1000);
    expect(data.unanswered).toEqual(["server/discover", "initialize"]);
    expect(data.elapsed).toBeGreaterThanOrEqual(1000);
    expect(data.elapsed).toBeLessThanOrEqual(measured);
    expect(sent).toEqual(["server/discover", "initialize"]);
    // No fresh process after the deadline: a silent server stays silent.
    expect(await readFile(starts, "utf8")).toBe("started\n");
  });
});
