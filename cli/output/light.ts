/**
 * The output room's light door: what a command needs before it has anything to write (the
 * package's version, sent as `clientInfo`), without the writing, the generation cache or the
 * generator behind them. Re-exports only.
 */
export { PACKAGE_VERSION } from "./package-info.js";
