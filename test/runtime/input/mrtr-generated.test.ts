/**
 * A generated client (the `mrtr` golden case, pulled from the MRTR fixture) answering an
 * elicitation both ways: through a handler given to its factory or to one call, and in manual
 * mode, where the typed `input_required` result goes back to the caller. Over stdio and HTTP;
 * on HTTP the embedded tool definition supplies the `Mcp-Param-Region` header on every round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMrtrFixtureClient,
  type MrtrFixtureClient,
} from "../../golden/mrtr/expected/index.js";
import { mrtrStdio, startMrtrHttp, type RunningHttpServer } from "../../fixtures/servers/index.js";
import type { ConnectOptions, ConnectTarget } from "@mcp-codegen/runtime";

let http: RunningHttpServer;
beforeAll(async () => {
  http = await startMrtrHttp();
});
afterAll(async () => {
  await http.close();
});

const targets: Array<[string, () => ConnectTarget]> = [
  ["stdio", () => ({ ...mrtrStdio(), stderr: "pipe" })],
  ["http", () => ({ url: http.url })],
];

describe.each(targets)("generated client over %s", (_name, target) => {
  const clients: MrtrFixtureClient[] = [];
  const open = async (options: ConnectOptions) => {
    // The stdio fixture is compiled by tsx as it starts, which under CI load has taken over the
    // 10 s default probe timeout: the server then counts as initialize-era, where manual mode
    // has no `input_required` to return. This file is about MRTR, not about era detection.
    const client = await createMrtrFixtureClient(target(), { probeTimeout: 60_000, ...options });
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it("answers an elicitation through the factory's handler", async () => {
    const client = await open({
      handlers: { elicitation: () => ({ action: "accept", content: { name: "lin" } }) },
    });
    const result = await client.tools.whoami({ region: "eu" });
    expect(result.structuredContent).toMatchObject({
      region: "eu",
      action: "accept",
      content: { name: "lin", mood: "good" },
    });
  });

  it("takes a per-call handler over the factory's", async () => {
    const client = await open({ handlers: { elicitation: "manual" } });
    const result = await client.tools.whoami(
      { region: "us" },
      { handlers: { elicitation: () => ({ action: "decline" }) } },
    );
    expect(result.structuredContent).toMatchObject({ region: "us", action: "decline" });
  });

  it("returns the input_required result in manual mode and completes with the answers", async () => {
    const client = await open({ handlers: { elicitation: "manual", roots: "manual" } });
    const first = await client.tools.whoami({ region: "ap" }, { manual: true });
    if (first.resultType !== "input_required") throw new Error("expected input_required");
    const ask = first.inputRequests?.who;
    expect(ask?.method).toBe("elicitation/create");
    const done = await client.tools.whoami(
      { region: "ap" },
      {
        manual: true,
        inputResponses: { who: { action: "accept", content: { name: "kim", mood: "bad" } } },
        ...(first.requestState === undefined ? {} : { requestState: first.requestState }),
      },
    );
    if (done.resultType === "input_required") throw new Error("expected a complete result");
    expect(done.structuredContent).toMatchObject({ region: "ap", content: { name: "kim" } });

    const read = await client.resources.vault({ manual: true });
    expect(read.resultType).toBe("input_required");
    const contents = await client.resources.vault({
      inputResponses: { where: { roots: [{ uri: "file:///tmp" }] } },
    });
    expect(contents.contents[0]).toMatchObject({ text: "file:///tmp" });
  });
});
