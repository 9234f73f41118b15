import { describe, expect, it } from 'vitest'
import { searchKey } from './search.ts'

describe('searchKey', () => {
  it('folds case, accents and the tilde', () => {
    expect(searchKey('  Educación ')).toBe('educacion')
    expect(searchKey('EDUCACIÓN')).toBe('educacion')
    expect(searchKey('Niñez y Pingüinos')).toBe('ninez y pinguinos')
  })
})
