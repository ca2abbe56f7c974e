/**
 * Joins an error message and the hint the CLI adds to it, so that each says its thing once: a
 * runtime message often already says what to check ("check that it is running"), and a hint
 * that restates it ("check the command or URL") reads as noise.
 */

/**
 * `message (hint)`, leaving out each `; `-separated clause of the hint that the message already
 * says (compared without case), and the parentheses when nothing is left. A hint whose clauses
 * are all new is kept whole.
 */
export function withHint(message: string, hint: string | undefined): string {
  if (hint === undefined) return message;
  const said = message.toLowerCase();
  const kept = hint
    .split("; ")
    .map((clause) => clause.trim())
    .filter((clause) => clause !== "" && !said.includes(clause.toLowerCase()));
  return kept.length === 0 ? message : `${message} (${kept.join("; ")})`;
}

/** True when the message already tells the user what to check, as runtime messages often do. */
export function saysWhatToCheck(message: string): boolean {
  return /\bcheck (that|the|whether|your)\b/i.test(message);
}
