/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards `%` and `_` (and the escape
 * character `\`) of the text taken literally: a search for "%" finds a literal percent sign, not
 * every row.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
