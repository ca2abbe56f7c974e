/**
 * How each kind of package runs, and the checks that keep an entry's words in their place: a
 * package name or version that a runner could read as a flag (`-y`, `--package=…`) or that holds
 * anything a package name cannot, and runtime arguments that would make the runner start another
 * package than the one the registry verified (`npx --package`, `uvx --from`, `docker --privileged`).
 */
import { CliError, ExitCode } from "../terminal/index.js";
import type { RegistryPackage } from "./server-json.js";

/** A runner: its program, the words before the package, and how it names a package at a version. */
export interface Runner {
  command: string;
  prefix: readonly string[];
  spec(identifier: string, version: string | undefined): string;
}

/** The package registries mcp-codegen runs packages from, by `registryType`. */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  npm: { command: "npx", prefix: ["-y"], spec: (id, v) => (v === undefined ? id : `${id}@${v}`) },
  pypi: { command: "uvx", prefix: [], spec: (id, v) => (v === undefined ? id : `${id}==${v}`) },
  oci: {
    command: "docker",
    prefix: ["run", "-i", "--rm"],
    // An image reference that already has a tag or digest keeps it.
    spec: (id, v) => (v === undefined || /[:@][^/]*$/.test(id) ? id : `${id}:${v}`),
  },
};

/** What a package name may look like in each registry; none of them starts with `-`. */
const IDENTIFIER: Readonly<Record<string, RegExp>> = {
  npm: /^(?:@[A-Za-z0-9][A-Za-z0-9._~-]*\/)?[A-Za-z0-9][A-Za-z0-9._~-]*$/,
  pypi: /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/,
  oci: /^[a-z0-9][a-z0-9._-]*(?::[0-9]+)?(?:\/[a-z0-9][a-z0-9._-]*)*(?::[A-Za-z0-9_][A-Za-z0-9._-]{0,127}|@sha256:[a-f0-9]{64})?$/,
};

/** A version is a release's name: letters, digits, `.`, `+`, `_`, `-`, never first `-`. */
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,254}$/;

/** Runner options that choose what runs, or lift a container's walls. */
const REFUSED_RUNTIME_FLAGS: Readonly<Record<string, readonly string[]>> = {
  npm: ["--package", "-p", "--call", "-c", "--prefix", "--registry", "--userconfig"],
  pypi: [
    "--from",
    "--with",
    "--with-requirements",
    "--index",
    "--index-url",
    "--extra-index-url",
    "--find-links",
    "-f",
    "--default-index",
    "--python",
  ],
  oci: [
    "--privileged",
    "--pid",
    "--ipc",
    "--uts",
    "--userns",
    "--cap-add",
    "--security-opt",
    "--device",
    "--entrypoint",
    "--volumes-from",
  ],
};

function refuse(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

/**
 * Refuses a package whose identifier or version is not a plain name in its registry.
 * @throws CliError (exit 2) naming the field, never quoting it (it may be built to mislead).
 */
export function checkPackageWords(pkg: RegistryPackage, entry: string): void {
  const pattern = IDENTIFIER[pkg.registryType]!;
  if (pkg.identifier.length > 214 || !pattern.test(pkg.identifier)) {
    throw refuse(
      `${entry}: its ${pkg.registryType} package identifier is not a valid package name; refused, it could be read as an option or another package`,
    );
  }
  if (pkg.version !== undefined && (!VERSION.test(pkg.version) || pkg.version === "latest")) {
    throw refuse(
      `${entry}: its ${pkg.registryType} package version is not a plain version; refused`,
    );
  }
}

/**
 * Refuses runtime arguments that make the runner start another package than the verified one,
 * or give a container the host's powers.
 * @throws CliError (exit 2) naming the option.
 */
export function checkRuntimeArguments(type: string, words: readonly string[], entry: string): void {
  const refused = REFUSED_RUNTIME_FLAGS[type] ?? [];
  for (const [index, word] of words.entries()) {
    const flag = word.split("=")[0]!;
    const hit = refused.find(
      (option) =>
        flag === option ||
        (option.length === 2 && word.startsWith(option) && !word.startsWith("--")),
    );
    if (hit !== undefined) {
      throw refuse(
        `${entry}: its runtime arguments include ${hit}, which would change what runs; refused (run the server yourself with -- COMMAND ARGS... if you trust it)`,
      );
    }
    if (
      type === "oci" &&
      (flag === "--network" || flag === "--net") &&
      (/=host$/.test(word) || words[index + 1] === "host")
    ) {
      throw refuse(
        `${entry}: its runtime arguments give the container the host's network; refused`,
      );
    }
  }
}
