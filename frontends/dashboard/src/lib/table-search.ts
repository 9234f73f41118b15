import { searchKey } from '@donaciones/contracts'

/** A cell's value as the list search reads it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

/** Whether a list's search text is in a cell: case and accents do not matter ('educacion' finds 'Educación'). */
export function matchesSearch(value: unknown, search: string): boolean {
  return searchKey(cellText(value)).includes(searchKey(search))
}
