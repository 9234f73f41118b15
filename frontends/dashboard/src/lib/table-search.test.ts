import { describe, expect, it } from 'vitest'
import { matchesSearch } from './table-search.ts'

describe('list search', () => {
  it('ignores case and accents', () => {
    expect(matchesSearch('Educación', 'educacion')).toBe(true)
    expect(matchesSearch('Educación', 'EDUCACIÓN')).toBe(true)
    expect(matchesSearch('educacion', 'Educación')).toBe(true)
    expect(matchesSearch('Niñez', 'nin')).toBe(true)
    expect(matchesSearch('Salud', 'educacion')).toBe(false)
  })

  it('reads empty cells as no text and trims the search', () => {
    expect(matchesSearch(null, '  ')).toBe(true)
    expect(matchesSearch(undefined, 'a')).toBe(false)
    expect(matchesSearch(1500, '150')).toBe(true)
  })
})
