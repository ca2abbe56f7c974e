/**
 * The process for the first listing with fewer capabilities, started early. Finding which tools
 * need which client capabilities lists the tools again with fewer declared (tool-needs.ts); an
 * initialize-era server fixes its capabilities at the handshake, so that listing takes a
 * connection of its own, and on stdio a connection is a process. Started once the first
 * handshake has told the era, it made a pull wait for two server boots one after the other (a
 * third of a pull of the reference memory server). When the server answered in that era at the
 * last pull, as its snapshot records, the pull starts this process beside the first one and the
 * two boot together.
 *
 * A first pull, or one of a server that spoke 2026-07-28, starts nothing more: there the listing
 * shares the pull's connection, and a process booting for nothing would take a core from the one
 * that matters.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  declaredNeeds,
  LEGACY_PROTOCOL_VERSIONS,
  type ClientCapabilities,
  type ConnectTarget,
} from "@mcp-codegen/runtime";
import type { PrestartedStdioServer } from "@mcp-codegen/runtime/node/prestart";
import { prestartTarget } from "../pull-prestart.js";

/** Whether `version` is a protocol version of the initialize era. */
export function isInitializeEra(version: string | undefined): boolean {
  return version !== undefined && LEGACY_PROTOCOL_VERSIONS.includes(version);
}

/**
 * Whether the snapshot in `outDir` says its server answered in the initialize era. Only a hint
 * for speed: false when there is no output folder yet (a first pull, whose default folder is
 * named after the server) or no snapshot it can read. Reads the top-level key from the
 * pretty-printed text instead of parsing megabytes: a nested key is indented deeper.
 */
export function recordedInitializeEra(outDir: string): boolean {
  if (outDir === "") return false;
  let text: string;
  try {
    text = readFileSync(join(outDir, "mcp.snapshot.json"), "utf8");
  } catch {
    return false;
  }
  return isInitializeEra(/\n {2}"protocolVersion": "([^"\\]*)"/.exec(text)?.[1]);
}

/** The process started early for the relisting's first connection, taken once. */
export interface SpareServer {
  /** The process, the first time; undefined after, or when none was started. */
  take(): PrestartedStdioServer | undefined;
  /**
   * Stops the process unless a connection took it; settles once it has stopped (never rejects),
   * and on every later call too. Whoever ends the pull awaits it: a server that ignores the end
   * of its stdin outlives a program that exits sooner.
   */
  dispose(): Promise<void>;
}

/**
 * Starts the spare when `expectInitializeEra` (the last pull's era) and the pull declares a need
 * that era can relist for (the tasks extension is none there), as the relisting's connection will
 * ask for the server: without the pull's own `prestarted` process and without the CLI's
 * credentials in its environment. Nothing for a URL target.
 */
export function spareServer(
  target: ConnectTarget,
  expectInitializeEra: boolean,
  sent: ClientCapabilities,
): SpareServer {
  const fresh = withoutPrestarted(target);
  let spare =
    expectInitializeEra &&
    "command" in fresh &&
    declaredNeeds(sent).some((need) => need !== "tasks")
      ? prestartTarget(fresh)
      : undefined;
  let stopped: Promise<void> = Promise.resolve();
  const take = () => {
    const taken = spare;
    spare = undefined;
    return taken;
  };
  return {
    take,
    dispose: () => {
      const untaken = take();
      if (untaken !== undefined) stopped = untaken.dispose();
      return stopped;
    },
  };
}

/** A stdio target without the server the pull's first connection took (`prestarted`). */
export function withoutPrestarted(target: ConnectTarget): ConnectTarget {
  if (!("command" in target) || target.prestarted === undefined) return target;
  const { prestarted: _taken, ...fresh } = target;
  return fresh;
}
