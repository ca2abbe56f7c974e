/**
 * The call a prompt or resource module exports, as two overloads and an implementation: manual
 * mode (`manual: true` may return the server's `input_required` result) first, so a call that
 * says `manual: true` gets the wider type, then the plain call, which returns complete results
 * only. `WithoutClient` keeps both overloads on the bound client object. Tools are typed by the
 * runtime's named call forms instead (emit-tool.ts), because a server has them by the thousand.
 */
import { jsDocBlock } from "./escape.js";

/** A parameter between `client` and `options`; `defaultText` (` = {}`) makes it optional. */
export interface CallParameter {
  name: string;
  type: string;
  defaultText?: string;
}

export interface CallOverloadsSpec {
  fn: string;
  /** JSDoc lines of the plain call. */
  doc: string[];
  parameters: CallParameter[];
  /** `CallOptions`. */
  options: string;
  /** The complete result type, e.g. `ToolResult<BookOutput>`. */
  result: string;
  /** The implementation's one statement. */
  body: string;
}

/** The runtime types the overloads name, for the module's import list. */
export const CALL_OVERLOAD_TYPES = ["InputRequiredResult", "MaybeInputRequired"] as const;

type Form = "manual" | "plain" | "implementation";

export function callOverloads(spec: CallOverloadsSpec): string {
  const params = (form: Form) =>
    spec.parameters.map((p) => {
      if (p.defaultText === undefined) return `${p.name}: ${p.type}`;
      if (form === "manual") return `${p.name}: ${p.type} | undefined`;
      return form === "plain" ? `${p.name}?: ${p.type}` : `${p.name}: ${p.type}${p.defaultText}`;
    });
  const signature = (form: Form, options: string) =>
    ["client: McpClient", ...params(form), options].join(", ");
  return [
    jsDocBlock([
      `Manual mode of \`${spec.fn}\`: an \`input_required\` result the handlers cannot answer is returned; answer it and call again with \`inputResponses\` and \`requestState\`.`,
    ]),
    `export function ${spec.fn}(${signature("manual", `options: ${spec.options} & { manual: true }`)}): Promise<MaybeInputRequired<${spec.result}>>;`,
    jsDocBlock(spec.doc),
    `export function ${spec.fn}(${signature("plain", `options?: ${spec.options}`)}): Promise<${spec.result}>;`,
    `export function ${spec.fn}(${signature("implementation", `options?: ${spec.options}`)}): Promise<${spec.result} | InputRequiredResult> {`,
    spec.body,
    `}`,
  ].join("\n");
}

/**
 * The `.d.ts` form of `callOverloads`: the two overloads as declarations, with their JSDoc. The
 * implementation's signature is not part of a module's type, so it is left out.
 */
export function declaredOverloads(spec: CallOverloadsSpec): string {
  return callOverloads(spec)
    .split("\n")
    .slice(0, -3)
    .join("\n")
    .replace(/^export function /gm, "export declare function ");
}

/** The `.js` form of `callOverloads`: the implementation without types, `= {}` defaults kept. */
export function untypedImplementation(spec: CallOverloadsSpec): string {
  const params = spec.parameters.map((p) =>
    p.defaultText === undefined ? p.name : `${p.name} = {}`,
  );
  return [
    `export function ${spec.fn}(${["client", ...params, "options"].join(", ")}) {`,
    spec.body,
    "}",
  ].join("\n");
}
