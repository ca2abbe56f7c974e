/**
 * The Trip Planner demo server (examples/demo-server), driven over stdio by the official client
 * SDK: it identifies itself, negotiates 2026-07-28 (and serves a 2025-era client too), lists its
 * tools, and its prompt, static resource and template answer as examples/demo-server/README.md
 * documents.
 */
import { Client, ProtocolError } from "@modelcontextprotocol/client";
import type { Tool } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_TEXT, CITIES, DEMO_SERVER_INFO } from "../../examples/demo-server/data.js";
import { demoTransport, MODERN, modernClient } from "./demo-server-helpers.js";

describe("demo server over stdio (official client, 2026-07-28)", () => {
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    client = modernClient();
    await client.connect(demoTransport());
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await client.close();
  });

  it("identifies itself and negotiates the modern revision", async () => {
    const discover = await client.discover();
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getServerVersion()).toMatchObject(DEMO_SERVER_INFO);
    expect(discover.capabilities).toMatchObject({
      tools: {},
      prompts: {},
      resources: {},
      completions: {},
    });
    expect(discover.instructions).toContain("trip.cancel-booking");
  });

  it("lists the six tools, each titled and described, all but get_weather with an output schema", () => {
    expect(tools.map((entry) => entry.name).sort()).toEqual([
      "book",
      "convert_currency",
      "get_weather",
      "plan_trip",
      "summarize_itinerary",
      "trip.cancel-booking",
    ]);
    for (const entry of tools) {
      // Every demo tool documents itself: a non-empty title and description.
      expect(entry.title).toMatch(/\S/);
      expect(entry.description).toMatch(/\S/);
      expect(entry.outputSchema === undefined).toBe(entry.name === "get_weather");
    }
  });

  describe("packing_list prompt", () => {
    it("lists a required destination and an optional season", async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts).toEqual([
        expect.objectContaining({
          name: "packing_list",
          title: "Packing list",
          arguments: [
            expect.objectContaining({ name: "destination", required: true }),
            expect.objectContaining({ name: "season", required: false }),
          ],
        }),
      ]);
    });

    it("renders with and without the season", async () => {
      const summer = await client.getPrompt({
        name: "packing_list",
        arguments: { destination: "Kyoto", season: "summer" },
      });
      expect(summer.description).toBe("Packing list for Kyoto in summer");
      expect(summer.messages).toEqual([
        {
          role: "user",
          content: {
            type: "text",
            text: expect.stringMatching(
              /^I am travelling to Kyoto in summer\. Write a packing list/,
            ),
          },
        },
      ]);
      const anytime = await client.getPrompt({
        name: "packing_list",
        arguments: { destination: "Kyoto" },
      });
      expect(anytime.description).toBe("Packing list for Kyoto");
      expect(JSON.stringify(anytime.messages)).toContain("at any time of year");
    });

    it("completes the season and refuses a missing destination", async () => {
      const completion = await client.complete({
        ref: { type: "ref/prompt", name: "packing_list" },
        argument: { name: "season", value: "s" },
      });
      expect(completion.completion.values).toEqual(["spring", "summer"]);
      await expect(client.getPrompt({ name: "packing_list", arguments: {} })).rejects.toThrow();
    });
  });

  describe("resources", () => {
    it("lists demo://about and the city guide template", async () => {
      const { resources } = await client.listResources();
      expect(resources).toEqual([
        expect.objectContaining({ uri: "demo://about", name: "about", mimeType: "text/plain" }),
      ]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([
        expect.objectContaining({
          uriTemplate: "demo://cities/{city}/guide{?lang}",
          name: "city-guide",
          mimeType: "text/markdown",
        }),
      ]);
    });

    it("reads the about text", async () => {
      const about = await client.readResource({ uri: "demo://about" });
      expect(about.contents).toEqual([
        { uri: "demo://about", mimeType: "text/plain", text: ABOUT_TEXT },
      ]);
    });

    it("reads a guide with and without the optional lang query", async () => {
      const english = await client.readResource({ uri: "demo://cities/oslo/guide" });
      expect(english.contents).toEqual([
        {
          uri: "demo://cities/oslo/guide",
          mimeType: "text/markdown",
          text: CITIES["oslo"]?.guide.en,
        },
      ]);
      const french = await client.readResource({ uri: "demo://cities/oslo/guide?lang=fr" });
      expect(french.contents[0]).toMatchObject({ text: CITIES["oslo"]?.guide.fr });
    });

    it("completes both template variables", async () => {
      const ref = { type: "ref/resource", uri: "demo://cities/{city}/guide{?lang}" } as const;
      const city = await client.complete({ ref, argument: { name: "city", value: "k" } });
      expect(city.completion.values).toEqual(["kyoto"]);
      const lang = await client.complete({ ref, argument: { name: "lang", value: "" } });
      expect(lang.completion.values).toEqual(["en", "fr"]);
    });

    it("answers an unknown city or language with resource-not-found (-32602 with data.uri)", async () => {
      for (const uri of ["demo://cities/atlantis/guide", "demo://cities/oslo/guide?lang=de"]) {
        const error: unknown = await client.readResource({ uri }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code).toBe(-32602);
        expect((error as ProtocolError).data).toEqual({ uri });
      }
    });
  });
});

describe("demo server over stdio, legacy handshake (official client)", () => {
  it("serves a 2025-era client the same tools", async () => {
    const client = new Client({ name: "demo-legacy-test", version: "0.0.0" });
    await client.connect(demoTransport());
    try {
      expect(client.getNegotiatedProtocolVersion()).not.toBe(MODERN);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(6);
      const result = await client.callTool({
        name: "book",
        arguments: { kind: "hotel", city: "Oslo", checkIn: "2026-01-05", nights: 2 },
      });
      expect(result.structuredContent).toMatchObject({
        status: "confirmed",
        reference: "HT-OSLO-20260105-2",
      });
    } finally {
      await client.close();
    }
  });
});
