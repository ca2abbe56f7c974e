/**
 * The demo server (examples/demo-server) served with a log of what it received, and generated
 * trip-planner clients (examples/trip-planner) against it; everything is closed after the file's
 * tests. Call once at the top of a test file.
 */
import type { ConnectOptions } from "@mcp-codegen/runtime";
import { afterAll, beforeAll } from "vitest";
import { createDemoServer } from "../../../examples/demo-server/server.js";
import {
  createTripPlannerClient,
  type TripPlannerClient,
} from "../../../examples/trip-planner/index.js";
import { serveRecording, type RecordingServer } from "./sdk-server.js";

export interface TripPlannerWorld {
  /** The server, once `beforeAll` has started it. */
  readonly server: RecordingServer;
  /** A generated client with `options`, closed after the tests. */
  tripPlanner(options?: ConnectOptions): Promise<TripPlannerClient>;
}

export function tripPlannerWorld(): TripPlannerWorld {
  let server: RecordingServer | undefined;
  const clients: TripPlannerClient[] = [];
  beforeAll(async () => {
    server = await serveRecording(createDemoServer);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.raw.close()));
    await server?.close();
  });
  return {
    get server() {
      if (server === undefined) throw new Error("the demo server starts in beforeAll");
      return server;
    },
    async tripPlanner(options = {}) {
      const client = await createTripPlannerClient({ url: this.server.url }, options);
      clients.push(client);
      return client;
    },
  };
}
