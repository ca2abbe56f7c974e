/**
 * HTTP statuses as error kinds, against a loopback HTTP server: 401 is `auth` with the Bearer
 * challenge in `data`, 500 is `transport` with the status; both read through the exhaustive
 * switch of error-next-step.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "@mcp-codegen/runtime";
import { rejection } from "../client-helpers.js";
import { sendJson, startServer, type TestServer } from "../http-test-server.js";
import { nextStep } from "./error-next-step.js";

describe("HTTP statuses", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("401 is kind auth, the Bearer challenge in data", async () => {
    server = await startServer((_received, res) =>
      sendJson(
        res,
        401,
        { error: "unauthorized" },
        {
          "www-authenticate":
            'Bearer resource_metadata="https://auth.example/prm", scope="tools:read"',
        },
      ),
    );
    const error = await rejection(connect({ url: server.url }));
    expect(error.kind).toBe("auth");
    if (error.kind !== "auth") return;
    expect(error.data).toEqual({
      status: 401,
      resource_metadata: "https://auth.example/prm",
      scope: "tools:read",
    });
    expect(nextStep(error)).toBe("authorize at https://auth.example/prm (HTTP 401)");
  });

  it("500 is kind transport, the status in data", async () => {
    server = await startServer((_received, res) => sendJson(res, 500, "overloaded"));
    const error = await rejection(connect({ url: server.url }));
    expect(error.kind).toBe("transport");
    if (error.kind !== "transport") return;
    expect(error.data).toEqual({ status: 500, body: "overloaded" });
    expect(nextStep(error)).toBe("status 500");
  });
});
