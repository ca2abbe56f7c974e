/**
 * Remembers a pure function's answers by a string key. Generated modules repeat most of their
 * code lines and validator expressions (`}),`, `id: z.string(),`, one property's shape across
 * tools): of a thousand tools' 46k code lines, 8k differ. Scanning and laying out each distinct
 * text once also spares V8 warming its scanners up on the repeats, which a cold `pull`, a
 * process that renders once, pays for in full.
 *
 * Bounded: past `limit` entries it starts again empty, so a long `--watch` session or a huge
 * server does not grow it without end.
 */
export class PureMemo<Result> {
  readonly #answers = new Map<string, Result>();

  constructor(private readonly limit = 20_000) {}

  /** The answer for `key`: remembered, or `compute()`d now. `compute` must depend on `key` alone. */
  answer(key: string, compute: () => Result): Result {
    const known = this.#answers.get(key);
    if (known !== undefined || this.#answers.has(key)) return known as Result;
    if (this.#answers.size >= this.limit) this.#answers.clear();
    const answer = compute();
    this.#answers.set(key, answer);
    return answer;
  }
}
