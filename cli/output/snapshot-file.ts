/**
 * The name `pull` gives the snapshot in each output folder: a module of its own, since the light
 * path of an unchanged `generate` imports it.
 */
export const SNAPSHOT_FILE = "mcp.snapshot.json";
