/**
 * The functions generated validators are built from at run time: the validator kit, which
 * implements the facade (generated-zod.ts) with zod 4.6.7's semantics and no dependency, so the
 * runtime ships without zod. Users who want zod schemas build the same validators with real zod
 * through `@mcp-codegen/runtime/zod`.
 */
import type { GeneratedSchema, GeneratedZod } from "./generated-zod.js";
import { KitArray, tuple } from "./kit-arrays.js";
import { KitLazy, KitUnion, preprocess } from "./kit-combinators.js";
import { email, guid, hostname, ipv4, ipv6, iso, url } from "./kit-formats.js";
import { KitObject, KitRecord } from "./kit-objects.js";
import { KitNumber, KitSimple, KitString, KitValues, maxLength, minLength } from "./kit-scalars.js";
import type { KitSchema } from "./kit-schema.js";

type Shape = { readonly [key: string]: GeneratedSchema };
type Literal = string | number | boolean | null | bigint | undefined;

const kits = (schemas: readonly GeneratedSchema[]) => schemas as readonly KitSchema[];

/**
 * Exactly the members of `GeneratedZod` (`satisfies` fails the build when the facade gains a
 * function this object lacks). Every schema it makes is a `KitSchema`: `safeParse` and
 * Standard Schema v1 (`~standard`).
 */
export const validatorKit = {
  array: (item: GeneratedSchema) => new KitArray(item as KitSchema),
  boolean: () => new KitSimple("boolean"),
  email,
  enum: (values: readonly string[]) => new KitValues(values),
  guid,
  hostname,
  ipv4,
  ipv6,
  iso,
  lazy: (build: () => GeneratedSchema) => new KitLazy(build as () => KitSchema),
  literal: (value: Literal | readonly Literal[]) =>
    new KitValues(Array.isArray(value) ? (value as readonly Literal[]) : [value as Literal]),
  looseObject: (shape: Shape) => new KitObject(shape, "loose"),
  looseRecord: (key: GeneratedSchema, value: GeneratedSchema) =>
    new KitRecord(key as KitSchema, value as KitSchema),
  maxLength: (length: number) => maxLength(length),
  minLength: (length: number) => minLength(length),
  never: () => new KitSimple("never"),
  null: () => new KitSimple("null"),
  number: () => new KitNumber(),
  object: (shape: Shape) => new KitObject(shape, "strip"),
  preprocess: (transform: (value: unknown) => unknown, schema: GeneratedSchema) =>
    preprocess(transform, schema as KitSchema),
  strictObject: (shape: Shape) => new KitObject(shape, "strict"),
  string: () => new KitString(),
  tuple,
  union: (options: readonly GeneratedSchema[]) => new KitUnion(kits(options), false),
  unknown: () => new KitSimple("unknown"),
  url,
  xor: (options: readonly GeneratedSchema[]) => new KitUnion(kits(options), true),
} satisfies GeneratedZod;
