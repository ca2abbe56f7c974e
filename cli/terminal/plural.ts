/** `1 tool`, `2 tools`: counts in messages. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
