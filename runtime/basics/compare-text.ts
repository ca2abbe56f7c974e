/**
 * The one string order of mcp-codegen: UTF-16 code-unit order (what `<` does on strings), the
 * same on every OS and in every locale, unlike `localeCompare`. Generated files, snapshots and
 * drift reports are sorted with it, so the same input always gives the same bytes.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
