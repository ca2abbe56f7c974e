/**
 * The demo server (examples/demo-server) served with a log of what it received, and generated
 * trip-planner clients (examples/trip-planner) against it; everything is closed after the file's
 * tests. Call once at the top of a test file.
 */
import type { ConnectOptions } from "@mcp-codegen/runtime";
import { createDemoServer } from "../../../examples/demo-server/server.js";
import {
  createTripPlannerClient,
  type TripPlannerClient,
} from "../../../examples/trip-planner/index.js";
import { recordingWorld, type RecordingWorld } from "./sdk-server.js";

export interface TripPlannerWorld extends RecordingWorld {
  /** A generated client with `options`, closed after the tests. */
  tripPlanner(options?: ConnectOptions): Promise<TripPlannerClient>;
}

export function tripPlannerWorld(): TripPlannerWorld {
  const world = recordingWorld(createDemoServer);
  return Object.assign(world, {
    async tripPlanner(options: ConnectOptions = {}) {
      const client = await createTripPlannerClient({ url: world.server.url }, options);
      world.track(client.raw);
      return client;
    },
  });
}
