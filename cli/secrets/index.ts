/**
 * Which values a user passes are secrets, and the one masking rule behind every printed line.
 */
export { containsSecret, createSecretMasker, maskText, searchableSecrets } from "./mask-text.js";
export type { SecretMasker } from "./mask-text.js";
export {
  argumentSecrets,
  envSecrets,
  headerSecrets,
  isCredentialName,
  substitutionSecrets,
  urlSecrets,
} from "./secret-sources.js";
export type { Secret } from "./secret-sources.js";
