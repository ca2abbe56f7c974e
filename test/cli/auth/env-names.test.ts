/** The CLI names the token store's variable for its help text; the runtime is what reads it. */
import { describe, expect, it } from "vitest";
import { TOKEN_STORE_ENV as RUNTIME_TOKEN_STORE_ENV } from "@mcp-codegen/runtime/node/auth";
import { TOKEN_STORE_ENV } from "../../../cli/auth/env-names.js";

describe("the token store's variable", () => {
  it("is the one the runtime's file store reads", () => {
    expect(TOKEN_STORE_ENV).toBe(RUNTIME_TOKEN_STORE_ENV);
  });
});
