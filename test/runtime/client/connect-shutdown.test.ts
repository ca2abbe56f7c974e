/**
 * A stdio target's `shutdownTimeoutMs` reaches the transport through `connect()`: a server that
 * ignores the end of its stdin is stopped by SIGTERM after that grace, not the default 2 s. Two
 * connections to such a server close at once, with graces of 50 ms and 5 s: the first one's
 * close must end first (an order, not a measured time).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../../runtime/client/connect.js";
import "../../../runtime/node/index.js";
import { bootLogStdio } from "../../fixtures/servers/index.js";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "connect-shutdown-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("StdioTarget.shutdownTimeoutMs", () => {
  it("is the grace close() gives a server that ignores the end of its stdin", async () => {
    const lingering = bootLogStdio(join(scratch, "boot.log"), 0, "legacy", true);
    const open = (shutdownTimeoutMs: number) =>
      connect({ ...lingering, stderr: "ignore", shutdownTimeoutMs }, { timeout: 20_000 });
    const [patient, brief] = await Promise.all([open(5_000), open(50)]);
    const order: string[] = [];
    // The patient one starts closing first: with one grace for both, it would also end first.
    await Promise.all([
      patient.close().then(() => order.push("patient")),
      brief.close().then(() => order.push("brief")),
    ]);
    expect(order).toEqual(["brief", "patient"]);
  }, 30_000);
});
