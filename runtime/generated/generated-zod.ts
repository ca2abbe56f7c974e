/**
 * The view of zod that generated validators are type-checked against. Generated modules build
 * their validators from the `z` they are handed at run time, which is the real zod; the compiler
 * only sees these plain interfaces. Inferring zod's generic types for every schema of a large
 * server made `tsc` take ten times longer than everything else in the generated code together,
 * and generated code needs none of that inference: its TypeScript types are emitted separately,
 * from the same schema tree as the validators.
 *
 * List here every zod function and method the emitters in `templates/schema/` write; a generated
 * module that uses anything else does not compile (the golden compile test catches it).
 */

/** A zod schema, as generated code chains it. */
export interface GeneratedSchema {
  optional(): GeneratedSchema;
  exactOptional(): GeneratedSchema;
  nullable(): GeneratedSchema;
  int(): GeneratedSchema;
  min(value: number, message?: string): GeneratedSchema;
  max(value: number, message?: string): GeneratedSchema;
  gt(value: number): GeneratedSchema;
  lt(value: number): GeneratedSchema;
  multipleOf(value: number): GeneratedSchema;
  regex(pattern: RegExp): GeneratedSchema;
  and(other: GeneratedSchema): GeneratedSchema;
  catchall(schema: GeneratedSchema): GeneratedSchema;
  check(...checks: unknown[]): GeneratedSchema;
  refine(check: (value: unknown) => boolean, message?: string): GeneratedSchema;
  pipe(next: GeneratedSchema): GeneratedSchema;
  safeParse(value: unknown): { success: boolean };
}

type Shape = { readonly [key: string]: GeneratedSchema };
type Literal = string | number | boolean | null | bigint | undefined;

/** The zod namespace, as generated code calls it. */
export interface GeneratedZod {
  array(item: GeneratedSchema): GeneratedSchema;
  boolean(): GeneratedSchema;
  email(): GeneratedSchema;
  enum(values: readonly string[]): GeneratedSchema;
  guid(): GeneratedSchema;
  hostname(): GeneratedSchema;
  ipv4(): GeneratedSchema;
  ipv6(): GeneratedSchema;
  iso: {
    date(): GeneratedSchema;
    datetime(options?: { offset?: boolean }): GeneratedSchema;
    duration(): GeneratedSchema;
  };
  lazy(build: () => GeneratedSchema): GeneratedSchema;
  literal(value: Literal | readonly Literal[]): GeneratedSchema;
  looseObject(shape: Shape): GeneratedSchema;
  looseRecord(key: GeneratedSchema, value: GeneratedSchema): GeneratedSchema;
  maxLength(length: number): unknown;
  minLength(length: number): unknown;
  never(): GeneratedSchema;
  null(): GeneratedSchema;
  number(): GeneratedSchema;
  object(shape: Shape): GeneratedSchema;
  preprocess(transform: (value: unknown) => unknown, schema: GeneratedSchema): GeneratedSchema;
  strictObject(shape: Shape): GeneratedSchema;
  string(): GeneratedSchema;
  tuple(items: readonly GeneratedSchema[], rest?: GeneratedSchema): GeneratedSchema;
  union(options: readonly GeneratedSchema[]): GeneratedSchema;
  unknown(): GeneratedSchema;
  url(): GeneratedSchema;
  xor(options: readonly GeneratedSchema[]): GeneratedSchema;
}
