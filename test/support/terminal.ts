/**
 * What a terminal may act on when printed: C0 controls, DEL, C1 controls, the bidi controls and
 * the Unicode line and paragraph separators. Tests assert none of it reaches CLI output.
 */
export const UNSAFE_FOR_TERMINAL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** `output` without its line breaks, which are the only control characters the CLI prints. */
export function withoutLineBreaks(output: string): string {
  return output.replaceAll("\n", "");
}
