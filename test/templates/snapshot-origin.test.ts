/**
 * The snapshot's `origin` (issue 26): recorded when a registry entry was pulled, read back, and
 * absent from snapshots that came from a command or URL, which stay readable as they were.
 */
import { describe, expect, it } from "vitest";
import { createSnapshot, parseSnapshot, type PulledContract } from "../../templates/index.js";
import { serializeSnapshot } from "../../templates/snapshot.js";

const contract: PulledContract = {
  name: "weather",
  server: { name: "weather", version: "1.0.0" },
  protocolVersion: "2025-11-25",
  supportedVersions: ["2025-11-25"],
  capabilities: {},
  clientCapabilities: {},
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
};

describe("snapshot origin", () => {
  it("is written and read back", () => {
    const origin = { registry: "io.github.acme/weather", version: "1.2.3" };
    const text = serializeSnapshot(createSnapshot({ ...contract, origin }));
    expect(parseSnapshot(text, "s.json").origin).toEqual(origin);
  });

  it("is absent for a command or URL, and a snapshot without it still reads", () => {
    const text = serializeSnapshot(createSnapshot(contract));
    expect(text).not.toContain("origin");
    expect(parseSnapshot(text, "s.json").origin).toBeUndefined();
  });

  it("refuses an origin without a version, naming the place", () => {
    const value = {
      ...JSON.parse(serializeSnapshot(createSnapshot(contract))),
      origin: { registry: "x/y" },
    };
    expect(() => parseSnapshot(JSON.stringify(value), "s.json")).toThrow("at origin.version");
  });
});
