/**
 * Real zod's functions for generated validators (`zodValidators`): only the functions the facade
 * (generated-zod.ts) lists, imported one by one. Handing validators zod's `z` namespace instead
 * made a bundler keep the whole namespace object, `z.locales` included: every language's error
 * messages, some 260 KB of a browser bundle's 800. Named imports let it keep what is used.
 * English messages stay: zod registers them on its first schema, whatever was imported.
 */
import {
  array,
  boolean,
  email,
  enum as enumOf,
  guid,
  hostname,
  ipv4,
  ipv6,
  iso,
  lazy,
  literal,
  looseObject,
  looseRecord,
  maxLength,
  minLength,
  never,
  null as nullOf,
  number,
  object,
  preprocess,
  strictObject,
  string,
  tuple,
  union,
  unknown,
  url,
  xor,
} from "zod";
import type { GeneratedZod } from "../generated/index.js";

/**
 * Exactly the members of `GeneratedZod`, no more (`satisfies` fails the build when the facade
 * gains a function this object lacks, or this object one the facade does not list). The
 * functions are zod's own; their static types differ from the facade's, which is why the cast
 * at the one place that hands this object over (zod-validators.ts) stays.
 */
export const validatorZod = {
  array,
  boolean,
  email,
  enum: enumOf,
  guid,
  hostname,
  ipv4,
  ipv6,
  iso: { date: iso.date, datetime: iso.datetime, duration: iso.duration },
  lazy,
  literal,
  looseObject,
  looseRecord,
  maxLength,
  minLength,
  never,
  null: nullOf,
  number,
  object,
  preprocess,
  strictObject,
  string,
  tuple,
  union,
  unknown,
  url,
  xor,
} satisfies Record<keyof GeneratedZod, unknown>;
