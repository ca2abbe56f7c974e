import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import {
  CONFIG_KEYS,
  HTTP_SERVER_KEYS,
  STDIO_SERVER_KEYS,
  configSchema,
  renderConfigJsonSchema,
  stdioServerSchema,
} from "../../../cli/config/schema.js";
import { defineConfig } from "../../../cli/config/define.js";

const SCHEMA_FILE = fileURLToPath(new URL("../../../config.schema.json", import.meta.url));

/** The committed file is prettier-formatted (`npm run format` covers it), so compare that. */
async function formatted(): Promise<string> {
  const options = (await resolveConfig(SCHEMA_FILE)) ?? {};
  return format(renderConfigJsonSchema(), { ...options, filepath: SCHEMA_FILE });
}

const STALE =
  "config.schema.json is out of date: run `npx vitest run -u test/cli/config/schema.test.ts`";

describe("config.schema.json", () => {
  it("is what the zod schema produces", async () => {
    await expect(await formatted(), STALE).toMatchFileSnapshot(SCHEMA_FILE);
  });

  it("has the same content as the committed file, whatever its formatting", async () => {
    const committed: unknown = JSON.parse(await readFile(SCHEMA_FILE, "utf8"));
    expect(committed, STALE).toEqual(JSON.parse(renderConfigJsonSchema()));
  });

  it("describes every property, so editors show help", () => {
    const missing: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (typeof node !== "object" || node === null) return;
      const properties = (node as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [key, property] of Object.entries(properties)) {
        if (typeof (property as { description?: unknown }).description !== "string") {
          missing.push(`${where}.${key}`);
        }
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${where}.${key}`);
    };
    visit(JSON.parse(renderConfigJsonSchema()), "#");
    expect(missing).toEqual([]);
  });

  it("is draft-07 with a title", () => {
    const schema = JSON.parse(renderConfigJsonSchema()) as Record<string, unknown>;
    expect(schema["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
    expect(schema["title"]).toBe("mcp-codegen configuration");
  });
});

describe("configSchema", () => {
  it("lists the keys each object accepts", () => {
    expect(CONFIG_KEYS).toEqual(["$schema", "out", "strict", "servers"]);
    const common = [
      "out",
      "include",
      "exclude",
      "rename",
      "runtime",
      "agent",
      "openInputTypes",
      "importExtension",
      "emit",
      "timeout",
      "protocol",
      "capabilities",
      "watch",
    ];
    expect(STDIO_SERVER_KEYS).toEqual(["command", "args", "env", "cwd", ...common]);
    expect(HTTP_SERVER_KEYS).toEqual(["url", "headers", "auth", ...common]);
  });

  it("accepts what defineConfig types, unchanged", () => {
    const config = defineConfig({
      $schema: "./node_modules/mcp-codegen/config.schema.json",
      out: "src/mcp",
      servers: {
        local: { command: "node", args: ["server.js"], env: { KEY: "${KEY}" }, cwd: "server" },
        remote: { url: "https://h/mcp", headers: { Authorization: "Bearer ${T}" }, timeout: 10 },
        asking: { command: "node", capabilities: ["elicitation", "sampling"] },
      },
    });
    expect(configSchema.parse(config)).toEqual(config);
  });

  it("names the client capabilities a server's capabilities may list", () => {
    const parsed = stdioServerSchema.safeParse({ command: "n", capabilities: ["mind"] });
    expect(parsed.error?.issues[0]?.message).toBe(
      "must be one of elicitation, elicitation.url, roots, sampling, tasks",
    );
  });
});
