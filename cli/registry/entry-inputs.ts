/**
 * The values a registry entry asks for (environment variables, arguments, header and URL
 * variables), found in what the user gave: `--env`/`env` entries first, then the environment,
 * then the entry's own value or default. A required one that is nowhere is one error naming it
 * and its description. A value marked secret is a secret, whichever source it came from.
 */
import { CliError, ExitCode } from "../terminal/index.js";
import type { Secret } from "../secrets/index.js";
import type { RegistryInput } from "./server-json.js";

/** Where values come from, and where the secrets among them are collected. */
export interface InputSources {
  /** What the user gave for this entry (config `env`, `--env`), by input name. */
  given: Readonly<Record<string, string>>;
  /** The environment mcp-codegen runs in. */
  env: Readonly<Record<string, string | undefined>>;
  /** The entry's name, for messages. */
  entry: string;
  /** Values of inputs marked secret are added here. */
  secrets: Secret[];
}

/** `api-key` → `API_KEY`: how a variable of an entry is also looked up in the environment. */
export function environmentName(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, "_").toUpperCase();
}

/**
 * The user's value for `name`: given, else from the environment. An environment variable of the
 * entry is read under its own name; a secret argument, header or variable under its UPPER_CASE
 * name (a secret belongs in the environment, not on a command line); other inputs only when
 * given, so an unrelated variable (`MODE`, `PATH`) never fills an argument by accident.
 */
export function userValue(
  name: string,
  sources: InputSources,
  lookup: "exact" | "upper" | "none",
): string | undefined {
  if (Object.hasOwn(sources.given, name)) return sources.given[name];
  if (lookup === "exact") return sources.env[name];
  return lookup === "upper" ? sources.env[environmentName(name)] : undefined;
}

/**
 * The value of one input: the entry's fixed `value` (its `{variables}` filled; the schema says a
 * set value is not the user's to change), else the user's, else its `default`. Undefined for an
 * optional input with none.
 * @throws CliError (exit 2) for a required input with no value, naming it and its description.
 */
export function inputValue(
  name: string,
  input: RegistryInput & { variables?: Record<string, RegistryInput> | undefined },
  what: string,
  sources: InputSources,
): string | undefined {
  const lookup =
    what === "environment variable" ? "exact" : input.isSecret === true ? "upper" : "none";
  const value =
    input.value !== undefined
      ? fillTemplate(input.value, input.variables ?? {}, what, sources)
      : (userValue(name, sources, lookup) ?? input.default);
  if (value === undefined) {
    if (input.isRequired === true) throw missing(name, input, what, sources);
    return undefined;
  }
  if (input.isSecret === true && value !== "") {
    sources.secrets.push({ text: value, source: `${what} ${name}` });
  }
  return value;
}

/**
 * `text` with each `{name}` replaced by that variable's value; a name the entry does not declare
 * is left as written (the registry schema says so), an optional one without a value is emptied.
 */
export function fillTemplate(
  text: string,
  variables: Readonly<Record<string, RegistryInput>>,
  what: string,
  sources: InputSources,
): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(variables, name)) return userValue(name, sources, "none") ?? whole;
    return inputValue(name, variables[name]!, `${what} variable`, sources) ?? "";
  });
}

function missing(
  name: string,
  input: RegistryInput,
  what: string,
  sources: InputSources,
): CliError {
  const about = input.description === undefined ? "" : ` (${oneLine(input.description)})`;
  const variable = environmentName(name);
  const secret = input.isSecret === true ? "; it is a secret: it is never written to a file" : "";
  return new CliError(
    `${sources.entry} needs ${what} ${name}${about}: set ${variable} in the environment, or give it with --env ${name}=… or the config's "env": { "${name}": "\${${variable}}" }${secret}`,
    ExitCode.Usage,
  );
}

/** A description on one short line: it is the registry's text inside our message. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
