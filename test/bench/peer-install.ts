/**
 * The peer generator `bench:peers` compares against, installed on demand into `.tmp/bench-peers`
 * rather than package.json: mcporter 0.12.3 requires Node 24 (this project supports 20), and a
 * dependency would pin it in everyone's lockfile. The `node` npm package brings a Node 24 binary,
 * so the bench needs neither a global mcporter nor a global Node 24.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const MCPORTER_VERSION = "0.12.3";
const NODE_MAJOR = 24;

export interface Peer {
  /** The Node 24 executable that runs mcporter. */
  node: string;
  /** mcporter's CLI entry file. */
  cli: string;
}

function installedVersion(dir: string, name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, name, "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

function nodeMajor(executable: string): number | undefined {
  const run = spawnSync(executable, ["--version"], { encoding: "utf8" });
  const major = /^v(\d+)\./.exec(run.stdout ?? "")?.[1];
  return run.status === 0 && major !== undefined ? Number(major) : undefined;
}

/** npm's own reason in one line: its first error line that says more than a code. */
function npmReason(output: string): string {
  const lines = output.split("\n").map((line) => line.trim());
  const reason = lines.find(
    (line) =>
      line.startsWith("npm error") &&
      !/^npm error (code|syscall|errno|A complete log)\b/.test(line),
  );
  return reason ?? lines.filter((line) => line.length > 0).at(-1) ?? "";
}

/**
 * Installs mcporter and Node 24 into `prefix` unless they are there already, and returns how to
 * run mcporter. Throws an Error with a one-line reason when either cannot be had.
 */
export function ensurePeer(prefix: string): Peer {
  const modules = join(prefix, "node_modules");
  const peer = {
    node: join(modules, "node", "bin", process.platform === "win32" ? "node.exe" : "node"),
    cli: join(modules, "mcporter", "dist", "cli.js"),
  };
  const ready = (): boolean =>
    installedVersion(modules, "mcporter") === MCPORTER_VERSION &&
    existsSync(peer.cli) &&
    (nodeMajor(peer.node) ?? 0) >= NODE_MAJOR;
  if (ready()) return peer;
  mkdirSync(prefix, { recursive: true });
  // Through the npm that runs this script when there is one, so no PATH lookup is involved.
  const npm = process.env.npm_execpath;
  const npmArgs = ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund"];
  const packages = [`mcporter@${MCPORTER_VERSION}`, `node@${NODE_MAJOR}`];
  const run =
    npm !== undefined && npm.endsWith(".js")
      ? spawnSync(process.execPath, [npm, ...npmArgs, ...packages], { encoding: "utf8" })
      : spawnSync("npm", [...npmArgs, ...packages], {
          encoding: "utf8",
          // npm is a .cmd script on Windows, which only a shell runs.
          shell: process.platform === "win32",
        });
  if (run.status !== 0) {
    throw new Error(
      `npm install ${packages.join(" ")} failed (no network?): ${npmReason(`${run.stdout}${run.stderr}`)}`,
    );
  }
  if (installedVersion(modules, "mcporter") !== MCPORTER_VERSION || !existsSync(peer.cli)) {
    throw new Error(`npm did not install mcporter ${MCPORTER_VERSION} into ${prefix}`);
  }
  const major = nodeMajor(peer.node);
  if (major === undefined || major < NODE_MAJOR) {
    throw new Error(
      `no Node ${NODE_MAJOR} binary at ${peer.node}: npm installed the node package without it`,
    );
  }
  return peer;
}
