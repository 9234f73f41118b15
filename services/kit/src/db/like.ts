/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards `%` and `_` (and the escape
 * character `\`) of the text taken literally: a search for "%" finds a literal percent sign, not
 * every row.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** Accented letters a Spanish text may hold, each with the letter `searchKey` folds it to. */
const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['áàâäã', 'a'], ['éèêë', 'e'], ['íìîï', 'i'], ['óòôöõ', 'o'], ['úùûü', 'u'], ['ñ', 'n'], ['ç', 'c'],
]
const accented = FOLDS.map(([letters]) => letters + letters.toUpperCase()).join('')
const plain = FOLDS.map(([letters, base]) => base.repeat(letters.length * 2)).join('')

/**
 * SQL folding a text expression the way contracts' `searchKey` folds a search (lower case, accents
 * and the tilde removed), with plain `translate` and `lower`: no extension, same result in
 * PostgreSQL and PGlite, whatever the database's collation.
 */
export function foldedSql(expression: string): string {
  return `translate(lower(${expression}), '${accented}', '${plain}')`
}
