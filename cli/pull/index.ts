/**
 * Talking to a live server: pulling its contract (with authentication), checking what it
 * sent, redacting secrets from it, and telling the user about silent or noisy servers.
 */
export { pullAuthenticated } from "./authenticated-pull.js";
export { redactSecrets } from "./redact-contract.js";
export { CAPABILITY_WORDS, parseCapabilityList } from "./pull-capabilities.js";
export { isInitializeEra, recordedInitializeEra } from "./spare-server.js";
