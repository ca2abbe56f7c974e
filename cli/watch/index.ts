/**
 * `--watch`: re-running pull or generate when their inputs change.
 */
// Nothing outside this folder imports it statically (entries load it lazily with import()).
export {};
