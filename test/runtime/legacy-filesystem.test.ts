// `@modelcontextprotocol/server-filesystem` (an initialize-era stdio server, tools only) through
// connect() in auto mode, confined to a temporary folder: every tool with valid arguments, checked
// against the files on disk, and the roots a client answers replacing its allowed folders.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpClient } from "../../runtime/client/client.js";
import { connect, type ConnectOptions } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import { referenceServer, type ReferenceServer } from "../support/reference-servers.js";
import { rejection } from "./client-helpers.js";

let server: ReferenceServer;
let client: McpClient;
const opened: McpClient[] = [];

async function open(options: ConnectOptions = {}): Promise<McpClient> {
  const { command, args, env, cwd } = server;
  const connected = await connect({ command, args, env, cwd, stderr: "ignore" }, options);
  opened.push(connected);
  return connected;
}

beforeAll(async () => {
  server = await referenceServer("filesystem");
  client = await open();
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((each) => each.close()));
  await server?.remove();
});

/** A tool's text, which this server also returns as `structuredContent.content`. */
async function text(name: string, args: Record<string, unknown>, on = client): Promise<string> {
  const result = await on.callTool(name, args);
  expect(result.isError ?? false).toBe(false);
  const [first] = result.content as { type: string; text: string }[];
  expect(result.structuredContent).toEqual({ content: first?.text });
  return first!.text;
}

const at = (...parts: string[]) => join(server.data, ...parts);
// A 1×1 PNG.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("server-filesystem over stdio, era found automatically", () => {
  it("is an initialize-era server that offers tools only", async () => {
    expect(client.era).toBe("legacy");
    expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(client.server.info?.name).toBe("secure-filesystem-server");
    expect(client.server.capabilities.prompts).toBeUndefined();
    expect(client.server.capabilities.resources).toBeUndefined();
    // Listing what it does not offer is the server's -32601, not an empty list.
    expect((await rejection(client.listPrompts())).code).toBe(-32601);
  });

  it("calls every tool on real files", async () => {
    const tools = (await client.listTools()).map((tool) => tool.name);
    expect(tools.sort()).toEqual(
      [
        "create_directory",
        "directory_tree",
        "edit_file",
        "get_file_info",
        "list_allowed_directories",
        "list_directory",
        "list_directory_with_sizes",
        "move_file",
        "read_file",
        "read_media_file",
        "read_multiple_files",
        "read_text_file",
        "search_files",
        "write_file",
      ].sort(),
    );
    await writeFile(at("a.txt"), "one\ntwo\nthree");
    await writeFile(at("p.png"), Buffer.from(PNG, "base64"));

    expect(await text("list_allowed_directories", {})).toBe(`Allowed directories:\n${server.data}`);
    expect(await text("read_text_file", { path: at("a.txt"), head: 2 })).toBe("one\ntwo");
    expect(await text("read_file", { path: at("a.txt"), tail: 1 })).toBe("three");
    expect(await text("write_file", { path: at("b.txt"), content: "hello world" })).toBe(
      `Successfully wrote to ${at("b.txt")}`,
    );
    const diff = await text("edit_file", {
      path: at("b.txt"),
      edits: [{ oldText: "world", newText: "there" }],
    });
    expect(diff).toContain("+hello there");
    expect(await readFile(at("b.txt"), "utf8")).toBe("hello there");
    await text("create_directory", { path: at("sub") });
    await text("move_file", { source: at("b.txt"), destination: at("sub", "c.txt") });
    expect(await readFile(at("sub", "c.txt"), "utf8")).toBe("hello there");
    const both = await text("read_multiple_files", { paths: [at("a.txt"), at("sub", "c.txt")] });
    expect(both).toContain(`${at("sub", "c.txt")}:\nhello there`);
    expect(await text("list_directory", { path: server.data })).toBe(
      "[FILE] a.txt\n[FILE] p.png\n[DIR] sub",
    );
    expect(await text("list_directory_with_sizes", { path: server.data, sortBy: "name" })).toMatch(
      /Total: 2 files, 1 directories/,
    );
    const tree = JSON.parse(await text("directory_tree", { path: server.data })) as unknown;
    expect(tree).toContainEqual({
      name: "sub",
      type: "directory",
      children: [{ name: "c.txt", type: "file" }],
    });
    expect(
      (await text("search_files", { path: server.data, pattern: "**/*.txt" })).split("\n"),
    ).toEqual([at("a.txt"), at("sub", "c.txt")]);
    expect(await text("get_file_info", { path: at("a.txt") })).toMatch(/^size: 13\n/m);
    const media = await client.callTool("read_media_file", { path: at("p.png") });
    expect(media.content).toEqual([{ type: "image", data: PNG, mimeType: "image/png" }]);
  });

  it("answers a path outside its folder with a tool error", async () => {
    const result = await client.callTool("read_text_file", { path: join(server.root, "home") });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/^Access denied/);
  });

  it("takes its allowed folders from the roots the client answers", async () => {
    await mkdir(at("only"), { recursive: true });
    const rooted = await open({
      handlers: {
        roots: () => ({ roots: [{ uri: pathToFileURL(at("only")).href, name: "only" }] }),
      },
    });
    // The server asks for roots after `notifications/initialized`, in the background.
    await expect
      .poll(() => text("list_allowed_directories", {}, rooted))
      .toBe(`Allowed directories:\n${at("only")}`);
  });
});
