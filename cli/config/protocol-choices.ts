/**
 * `"auto"` and every version the runtime speaks, for `protocol` and `--protocol`. Written out
 * (a test checks it against the runtime's lists) so the config type offers each as a literal.
 * A file of its own so the command line can offer the choices without loading the config schema.
 */
export const PROTOCOL_CHOICES = [
  "auto",
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
] as const;

export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];
