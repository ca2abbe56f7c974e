/**
 * A prompt or resource module in all three forms at once: the `.ts` module (types, the binding,
 * the typed call), its `.js` (the binding and the call without types) and its `.d.ts` (the types,
 * the binding's declared type, the call's overloads). Each emitter says what its module holds;
 * this file alone decides how the forms are cut from it, so they cannot drift apart.
 */
import {
  CALL_OVERLOAD_TYPES,
  callOverloads,
  declaredOverloads,
  untypedImplementation,
  type CallOverloadsSpec,
} from "./call-overloads.js";
import type { ModuleText } from "./module-text.js";

export interface BindingModuleSpec {
  runtimeImport: string;
  /** The runtime function that builds the binding (`definePrompt`, `defineResource`, …). */
  define: string;
  /** The binding's name, which the call's body uses. */
  binding: string;
  /** The binding's JSDoc block. */
  bindingDoc: string;
  /** The binding's type argument in the `.ts` form (`WeatherArguments`), if it takes one. */
  typeArgument?: string;
  /** The object literal the binding is built from (`{ definition: … }`). */
  definition: string;
  /** Type statements before the binding, the same in the `.ts` and `.d.ts` forms. */
  typeStatements: readonly string[];
  /** The binding's type in the `.d.ts` form (`PromptBinding<WeatherArguments>`). */
  declaredType: string;
  call: CallOverloadsSpec;
  /** Runtime types the `.ts` form names besides the overloads' (`CALL_OVERLOAD_TYPES`). */
  types: readonly string[];
  /** Runtime types the `.d.ts` form names. */
  declaredTypes: readonly string[];
}

/** The module's imports, statements and forms (an emitter adds its warnings). */
export function bindingModule(
  spec: BindingModuleSpec,
): Pick<ModuleText, "imports" | "statements" | "forms"> {
  const typeArgument = spec.typeArgument === undefined ? "" : `<${spec.typeArgument}>`;
  const built = (typed: string) =>
    `export const ${spec.binding} = /* @__PURE__ */ ${spec.define}${typed}(${spec.definition});`;
  return {
    imports: {
      values: [spec.define],
      types: [...spec.types, ...CALL_OVERLOAD_TYPES],
      from: spec.runtimeImport,
    },
    statements: [
      ...spec.typeStatements,
      `${spec.bindingDoc}\n${built(typeArgument)}`,
      callOverloads(spec.call),
    ],
    forms: {
      js: {
        imports: { values: [spec.define], types: [], from: spec.runtimeImport },
        statements: [built(""), untypedImplementation(spec.call)],
      },
      dts: {
        imports: { values: [], types: [...spec.declaredTypes], from: spec.runtimeImport },
        statements: [
          ...spec.typeStatements,
          `${spec.bindingDoc}\nexport declare const ${spec.binding}: ${spec.declaredType};`,
          declaredOverloads(spec.call),
        ],
      },
    },
  };
}
