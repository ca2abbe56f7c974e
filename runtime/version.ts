/** This runtime's version, sent as `clientInfo.version` and written into provenance headers. */
export const RUNTIME_VERSION = "0.1.0";

/**
 * The version of the contract between generated code and this runtime (the names in
 * generated-api.ts and what they do). Written into every generated file's header; a change that
 * breaks generated code bumps it.
 */
export const GENERATED_API_VERSION = 1;
