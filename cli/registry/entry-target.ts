/**
 * A registry entry as something to connect to: a package run as a stdio server (npm → `npx -y
 * pkg@version`, pypi → `uvx pkg==version`, oci → `docker run -i --rm image:version`) or a remote
 * (`streamable-http` / `sse` URL with its variables and headers). Nothing from the entry is
 * trusted: a package name or version that could be read as a flag, a runtime argument that swaps
 * the package being run, a URL that is not http(s) or carries credentials, an invalid header or
 * variable name: each is refused with one line, exit 2.
 */
import type { HttpTarget, StdioTarget } from "@mcp-codegen/runtime";
import { CliError, ExitCode } from "../terminal/index.js";
import {
  argumentSecrets,
  envSecrets,
  headerSecrets,
  urlSecrets,
  type Secret,
} from "../secrets/index.js";
import { fillTemplate, inputValue, type InputSources } from "./entry-inputs.js";
import type {
  RegistryArgument,
  RegistryPackage,
  RegistryTransport,
  ServerJson,
} from "./server-json.js";
import { checkPackageWords, checkRuntimeArguments, RUNNERS } from "./package-words.js";

/** What the user gives for an entry: values by input name, headers by header name. */
export interface EntryValues {
  env?: Readonly<Record<string, string>> | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  /** `package` or `remote`: which kind to use when the entry offers both (default: package). */
  use?: "package" | "remote" | undefined;
}

/** An entry resolved to a target, with the secrets among its values. */
export interface EntryTarget {
  target: StdioTarget | HttpTarget;
  /** `io.github.owner/name@1.2.3 (npx -y pkg@1.2.3)`: no value of an input in it. */
  label: string;
  secrets: Secret[];
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function refuse(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

/**
 * The target for `server`: its first package mcp-codegen can run over stdio, else its first
 * remote (or the other way round with `use: "remote"`).
 * @throws CliError (exit 2) when the entry offers nothing usable (naming what it offers), or for
 * a missing required value or a refused name, argument or URL.
 */
export function entryTarget(
  server: ServerJson,
  values: EntryValues,
  env: Readonly<Record<string, string | undefined>>,
): EntryTarget {
  const entry = `${server.name}@${server.version}`;
  const sources: InputSources = { given: values.env ?? {}, env, entry, secrets: [] };
  const runnable = (server.packages ?? []).find(
    (pkg) => Object.hasOwn(RUNNERS, pkg.registryType) && pkg.transport.type === "stdio",
  );
  const remote = (server.remotes ?? []).find(
    (r) => r.type === "streamable-http" || r.type === "sse",
  );
  const order = values.use === "remote" ? [remote, runnable] : [runnable, remote];
  const chosen = order.find((option) => option !== undefined);
  if (chosen === undefined)
    throw refuse(
      `${entry} offers nothing mcp-codegen can connect to (${offered(server)}); it runs npm, pypi and oci packages over stdio, and streamable-http or sse remotes`,
    );
  if (values.use === "package" && chosen !== runnable) {
    throw refuse(`${entry} has no npm, pypi or oci package run over stdio (${offered(server)})`);
  }
  if ("registryType" in chosen) {
    const target = packageTarget(chosen as RegistryPackage, sources);
    return {
      target,
      label: `${entry} (${[target.command, ...target.args!].filter((w) => !sources.secrets.some((s) => s.text === w)).join(" ")})`,
      secrets: [
        ...sources.secrets,
        ...argumentSecrets(target.args ?? []),
        ...Object.entries(target.env ?? {}).flatMap(([k, v]) => envSecrets(k, v)),
      ],
    };
  }
  return remoteTarget(chosen as RegistryTransport, values.headers ?? {}, sources);
}

/** `npm stdio, remote sse` — what an entry offers, for messages. */
function offered(server: ServerJson): string {
  const kinds = [
    ...(server.packages ?? []).map((pkg) => `${pkg.registryType} ${pkg.transport.type}`),
    ...(server.remotes ?? []).map((remote) => `remote ${remote.type}`),
  ];
  return kinds.length === 0 ? "no packages or remotes" : kinds.join(", ").slice(0, 200);
}

function packageTarget(pkg: RegistryPackage, sources: InputSources): StdioTarget {
  const runner = RUNNERS[pkg.registryType]!;
  checkPackageWords(pkg, sources.entry);
  const env: Record<string, string> = {};
  for (const variable of pkg.environmentVariables ?? []) {
    if (!ENV_NAME.test(variable.name)) {
      throw refuse(
        `${sources.entry} declares an environment variable with an invalid name; the entry is broken`,
      );
    }
    const value = inputValue(variable.name, variable, "environment variable", sources);
    if (value !== undefined) env[variable.name] = value;
  }
  const runtimeArgs = argumentWords(pkg.runtimeArguments ?? [], "runtime argument", sources);
  checkRuntimeArguments(pkg.registryType, runtimeArgs, sources.entry);
  const packageArgs = argumentWords(pkg.packageArguments ?? [], "argument", sources);
  // docker passes a variable into the container only when told its name.
  const passEnv =
    pkg.registryType === "oci" ? Object.keys(env).flatMap((name) => ["-e", name]) : [];
  const args = [
    ...runner.prefix,
    ...passEnv,
    ...runtimeArgs,
    runner.spec(pkg.identifier, pkg.version),
    ...packageArgs,
  ];
  return { command: runner.command, args, env, stderr: "pipe" };
}

/** The command-line words of `list`, in order; optional ones without a value are left out. */
function argumentWords(
  list: readonly RegistryArgument[],
  what: string,
  sources: InputSources,
): string[] {
  const words: string[] = [];
  for (const argument of list) {
    if (argument.type === "named") {
      const flag = argument.name ?? "";
      if (!/^-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(flag)) {
        throw refuse(
          `${sources.entry} has a named ${what} that is not a flag (-x or --name); the entry is broken`,
        );
      }
      const value = inputValue(flag.replace(/^-+/, ""), argument, what, sources);
      words.push(...(value === undefined ? [flag] : [flag, value]));
      continue;
    }
    const name = argument.valueHint ?? argument.name ?? "value";
    const value = inputValue(name, argument, what, sources);
    if (value !== undefined) words.push(value);
  }
  return words;
}

function remoteTarget(
  remote: RegistryTransport,
  givenHeaders: Readonly<Record<string, string>>,
  sources: InputSources,
): EntryTarget {
  const text = fillTemplate(remote.url ?? "", remote.variables ?? {}, "URL variable", sources);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(
      `${sources.entry}: its ${remote.type} URL is not a URL once its variables are filled in`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refuse(
      `${sources.entry}: its ${remote.type} URL must be http: or https:, not ${url.protocol.slice(0, 20)}`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw refuse(
      `${sources.entry}: its ${remote.type} URL carries a user name or password; refused, a registry entry must not hold credentials`,
    );
  }
  const headers: Record<string, string> = {};
  const secrets = sources.secrets;
  secrets.push(...urlSecrets(url));
  for (const header of remote.headers ?? []) {
    if (!HEADER_NAME.test(header.name)) {
      throw refuse(`${sources.entry} declares a header with an invalid name; the entry is broken`);
    }
    const given = Object.entries(givenHeaders).find(
      ([name]) => name.toLowerCase() === header.name.toLowerCase(),
    );
    const value = given?.[1] ?? inputValue(header.name, header, "header", sources);
    if (value === undefined) continue;
    if (/[\r\n\0]/.test(value))
      throw refuse(`${sources.entry}: the value of header ${header.name} holds a line break`);
    headers[header.name] = value;
    secrets.push(...headerSecrets(header.name, value, header.isSecret === true));
  }
  for (const [name, value] of Object.entries(givenHeaders)) {
    if (!Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase())) {
      headers[name] = value;
      secrets.push(...headerSecrets(name, value));
    }
  }
  const label = `${sources.entry} (${url.origin}${url.pathname})`;
  return { target: { url, headers }, label, secrets };
}
