/** This runtime's version, sent as `clientInfo.version` and written into provenance headers. */
export const RUNTIME_VERSION = "0.1.0";
