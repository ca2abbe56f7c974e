/**
 * A snapshot for tests that need tools and little else: what a 2026-07-28 server offering only
 * tools would record, under one name for the output and the server. A test overrides any part.
 */
import { createSnapshot, type PulledContract, type Snapshot } from "../../templates/snapshot.js";

export function toolsSnapshot(
  name: string,
  tools: PulledContract["tools"],
  overrides: Partial<PulledContract> = {},
): Snapshot {
  return createSnapshot({
    name,
    server: { name, version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {} },
    clientCapabilities: {},
    tools,
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...overrides,
  });
}
