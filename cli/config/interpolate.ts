/**
 * `${VAR}` interpolation of config strings from the environment, so tokens stay out of config
 * files. Only the fields that carry credentials use it (`args`, `env`, `url`, `headers`).
 */

/** The environment variables interpolation reads (normally `process.env`). */
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

/** One interpolated string and the variables substituted into it (some may be secrets). */
export interface Interpolated {
  value: string;
  substituted: Array<{ variable: string; value: string }>;
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Replaces each `${NAME}` in `text` by the environment variable NAME. `$${` stands for a literal
 * `${` (so `$${HOME}` gives `${HOME}`); any other `$` is kept as is. A variable set to the empty
 * string substitutes nothing, which is allowed.
 * @param fail builds the error for a problem (the caller knows the file and the place).
 * @throws what `fail` returns, for an unset variable, a `${` without `}`, or a malformed name.
 */
export function interpolate(
  text: string,
  env: ConfigEnv,
  fail: (message: string) => Error,
): Interpolated {
  let value = "";
  const substituted: Interpolated["substituted"] = [];
  let position = 0;
  while (position < text.length) {
    const dollar = text.indexOf("$", position);
    if (dollar === -1) {
      value += text.slice(position);
      break;
    }
    value += text.slice(position, dollar);
    if (text.startsWith("$${", dollar)) {
      value += "${";
      position = dollar + 3;
    } else if (text.startsWith("${", dollar)) {
      const close = text.indexOf("}", dollar + 2);
      if (close === -1) throw fail('"${" has no closing "}"; write $${ for a literal ${');
      const variable = text.slice(dollar + 2, close);
      const resolved = lookUp(variable, env, fail);
      value += resolved;
      if (resolved !== "") substituted.push({ variable, value: resolved });
      position = close + 1;
    } else {
      value += "$";
      position = dollar + 1;
    }
  }
  return { value, substituted };
}

function lookUp(name: string, env: ConfigEnv, fail: (message: string) => Error): string {
  if (!VARIABLE_NAME.test(name)) {
    throw fail(
      `"\${${name}}" is not a variable reference (a name is letters, digits and _); write $\${ for a literal \${`,
    );
  }
  // Own properties only: a variable named like an Object.prototype member is not "set".
  const value = Object.hasOwn(env, name) ? env[name] : undefined;
  if (value === undefined) {
    throw fail(
      `environment variable ${name} is not set; set it, or write $\${${name}} for the literal text`,
    );
  }
  return value;
}
