import { prepareSchema } from "../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../templates/schema/emit/typescript.js";

/** The declarations schemaToTypeScript emits for `schema` under `typeName`. */
export function typeOf(schema: unknown, typeName = "T"): string {
  return schemaToTypeScript(prepareSchema(schema), { typeName }).declarations;
}
