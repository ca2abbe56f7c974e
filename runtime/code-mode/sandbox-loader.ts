/**
 * Loading the sandbox's engine, QuickJS compiled to WebAssembly, and the TypeScript stripper, on
 * first use: both are optional peer dependencies, so the runtime's core install stays lean and an
 * application that never runs code mode never downloads or loads them.
 *
 * QuickJS's sync build is used, with tool calls bridged as promises the host settles; asyncify
 * would let a host function block, but it is larger and slower, and lets only one call be
 * suspended at a time, where promises let a script run calls in parallel (`Promise.all`).
 */
// Types only: erased, so nothing of the optional peer loads with this module.
import type { QuickJSSyncVariant, QuickJSWASMModule } from "quickjs-emscripten-core";
import { localError } from "../protocol/index.js";

/** The part of quickjs-emscripten-core's module that the sandbox uses. */
export type QuickJsModule = QuickJSWASMModule;

/**
 * The bytes of the engine's WebAssembly memory, or undefined where it cannot be read. QuickJS's
 * own memory limit misses memory that grows by `realloc` in this build, so the run also watches
 * the instance's memory; it reads quickjs-emscripten's module object, not a public API, and
 * a version without it only loses this second check.
 */
export function heapBytes(engine: QuickJsModule): number | undefined {
  const heap = (engine as unknown as { module?: { HEAPU8?: Uint8Array } }).module?.HEAPU8;
  return heap?.buffer.byteLength;
}

/** Strips TypeScript's types from `code` (sucrase), leaving JavaScript. */
export type StripTypes = (code: string) => string;

let engine: Promise<QuickJsModule> | undefined;
let stripper: Promise<StripTypes> | undefined;

const INSTALL =
  "npm install quickjs-emscripten-core@0.32.0 @jitl/quickjs-wasmfile-release-sync@0.32.0 sucrase@3.35.1";

/**
 * Whether `error` says that `name` itself cannot be found, as Node and bundlers word it. Anything
 * else (the package is there but throws while loading, or one of its own files is missing) is not
 * reported as a missing install, which would send the user to reinstall what they have.
 */
function notInstalled(name: string, error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const notFound = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
  return notFound && typeof message === "string" && message.includes(`'${name}'`);
}

function loadFailure(name: string, cause: unknown): Error {
  const reason = notInstalled(name, cause)
    ? "which is not installed"
    : `which failed to load (${cause instanceof Error ? cause.message.slice(0, 300) : String(cause)})`;
  return localError(
    "input",
    `code mode needs the package ${name}, ${reason} (it is an optional peer dependency of @mcp-codegen/runtime): run ${INSTALL}`,
    { method: "code-mode" },
    cause,
  );
}

async function load<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw loadFailure(name, error);
  }
}

/** The QuickJS module, loaded once per process (a failed load is tried again next time). */
export function loadEngine(): Promise<QuickJsModule> {
  engine ??= (async () => {
    const core = await load("quickjs-emscripten-core", () => import("quickjs-emscripten-core"));
    const variant = load(
      "@jitl/quickjs-wasmfile-release-sync",
      () => import("@jitl/quickjs-wasmfile-release-sync"),
    );
    // Emscripten prints an instance's abort to stderr; the run reports it and discards the
    // instance, so the print would only be noise in the application's logs.
    const quiet = core.newVariant(unwrapDefault(await variant), {
      emscriptenModule: { printErr: () => {} } as never,
    }) as QuickJSSyncVariant;
    return core.newQuickJSWASMModuleFromVariant(quiet);
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

/** The variant: the module's default export, once more wrapped where CommonJS was imported. */
function unwrapDefault(imported: unknown): QuickJSSyncVariant {
  const outer = (imported as { default: unknown }).default as { default?: unknown; type?: unknown };
  return (outer.type === undefined ? outer.default : outer) as QuickJSSyncVariant;
}

/**
 * Forgets the loaded module: after WebAssembly trapped (it is then unusable), the next run loads
 * a fresh one.
 */
export function discardEngine(): void {
  engine = undefined;
}

/** The type stripper, loaded once per process. */
export function loadStripper(): Promise<StripTypes> {
  stripper ??= (async () => {
    const sucrase = await load("sucrase", () => import("sucrase"));
    // Only the TypeScript transform: imports stay imports (a syntax error in the sandbox), and
    // modern syntax is left as QuickJS runs it.
    return (code: string) =>
      sucrase.transform(code, { transforms: ["typescript"], disableESTransforms: true }).code;
  })();
  stripper.catch(() => (stripper = undefined));
  return stripper;
}
