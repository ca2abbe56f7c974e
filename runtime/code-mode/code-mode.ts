/**
 * `createCodeMode`: model-written code, run in a WebAssembly sandbox (QuickJS), whose only
 * capability is calling the given servers' tools through their clients' governance pipelines.
 */
import { localError } from "../protocol/index.js";
import { resolveLimits, type CodeModeLimits } from "./limits.js";
import { codeModeTools, type CodeModeTool } from "./model-tools.js";
import type { CodeModeResult } from "./run-result.js";
import { loadEngine, loadStripper } from "./sandbox-loader.js";
import { runInSandbox } from "./sandbox-run.js";
import { buildCatalog, checkServers, type CodeModeServer } from "./server-catalog.js";
import type { CodeModeApprover } from "./tool-bridge.js";
import { searchCatalog, type ToolMatch } from "./tool-search.js";

/** What `createCodeMode` takes. */
export interface CodeModeOptions {
  /**
   * The servers the code may call, by the name it uses (`servers.<name>.<tool>`): a runtime
   * client, a generated client, or `{ client, tools: allTools }` for the generated names and
   * input validation (see `CodeModeServer`). Each client's governance applies to every call.
   */
  servers: Readonly<Record<string, CodeModeServer>>;
  /** Limits of each run (see `CodeModeLimits` for the defaults). */
  limits?: CodeModeLimits;
  /** Asked before each tool call the code makes (see `CodeModeApprover`); none means allowed. */
  approve?: CodeModeApprover;
  /**
   * Whether `execute` strips TypeScript types first (default true; needs the `sucrase` peer).
   * With false, the code must be JavaScript.
   */
  typescript?: boolean;
}

/** Options of one `execute`. */
export interface ExecuteOptions {
  /** Aborts the run: the result is an error of kind `cancelled`, calls under way are cancelled. */
  signal?: AbortSignal;
}

/** A code mode: runs code, searches tools, and offers both as tools for a model. */
export interface CodeMode {
  /**
   * Runs `code`, the body of an async function (JavaScript, or TypeScript with `typescript`),
   * in a fresh sandbox. Whatever the code does, this resolves with a `CodeModeResult`: its
   * errors, limits and timeouts are in `error`, written for a model.
   * @throws McpError of kind `input` only for a `code` that is not a string.
   */
  execute(code: string, options?: ExecuteOptions): Promise<CodeModeResult>;
  /** The tools matching `query`'s words, best first (at most 10); see `ToolMatch`. */
  searchTools(query: string): ToolMatch[];
  /** `execute_code` and `search_tools`, in the shape of `allTools` entries. */
  readonly tools: readonly [CodeModeTool, CodeModeTool];
}

/**
 * Makes a code mode over `servers`: lists each server's tools once (the client's selection and
 * `onToolsListed` apply, so hidden tools are neither found nor callable) and loads the sandbox's
 * engine, so the first run pays for neither.
 * @throws McpError of kind `input` for bad options or a missing optional peer package (the
 * message names the packages to install); a server's listing error as it is.
 */
export async function createCodeMode(options: CodeModeOptions): Promise<CodeMode> {
  checkServers(options?.servers);
  const limits = resolveLimits(options.limits);
  const typescript = options.typescript !== false;
  const [, strip, catalog] = await Promise.all([
    loadEngine(),
    typescript ? loadStripper() : undefined,
    buildCatalog(options.servers),
  ]);
  // Grants of `approve` ("always"), shared by every run of this code mode.
  const granted = new Set<string>();
  const execute = async (code: string, run?: ExecuteOptions): Promise<CodeModeResult> => {
    if (typeof code !== "string") {
      throw localError("input", "code must be a string: the body of an async function", {
        method: "execute",
      });
    }
    let source = code;
    if (strip !== undefined) {
      try {
        // Stripped inside its function, where `return` and `await` are allowed.
        source = strip(`async function __code__() {\n${code}\n}`)
          .replace(/^async function __code__\(\) \{\n/, "")
          .replace(/\n\}\s*$/, "");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          value: undefined,
          logs: [],
          calls: [],
          error: {
            kind: "syntax",
            message: `The code does not parse: ${message.slice(0, 500)}. Fix it and run it again.`,
          },
        };
      }
    }
    return runInSandbox({
      // Loaded already; a fresh instance after one was discarded (a trap, grown memory).
      engine: await loadEngine(),
      code: source,
      catalog,
      limits,
      approve: options.approve,
      granted,
      signal: run?.signal,
    });
  };
  const searchTools = (query: string) => searchCatalog(catalog, query);
  return { execute, searchTools, tools: codeModeTools(catalog, execute, searchTools) };
}
