import { describe, expect, it } from 'vitest'
import { createPgliteDatabase } from './pglite-database.ts'
import { searchKey } from '@donaciones/contracts'
import { databaseEngines } from '../../testing/engines.ts'
import { containsPattern, foldedSql } from './like.ts'

describe('containsPattern', () => {
  it('matches the text anywhere and its wildcards only literally', async () => {
    const db = await createPgliteDatabase()
    try {
      const matches = async (value: string, text: string) =>
        (await db.query<{ hit: boolean }>('select $1::text ilike $2 as hit', [value, containsPattern(text)])).rows[0]?.hit
      expect(await matches('Lucía Hernández', 'hernán')).toBe(true)
      expect(await matches('Lucía Hernández', '%')).toBe(false)
      expect(await matches('100% útil', '%')).toBe(true)
      expect(await matches('ab', 'a_')).toBe(false)
      expect(await matches('a_b', 'a_')).toBe(true)
      expect(await matches('a\\b', '\\')).toBe(true)
      expect(await matches('ab', '\\')).toBe(false)
    } finally {
      await db.close()
    }
  })
})

describe.each(databaseEngines)('foldedSql on $name', (engine) => {
  it('folds case, accents and the tilde like searchKey, with no extension', async () => {
    const db = await engine.open()
    try {
      const folded = async (text: string) => (await db.query<{ folded: string }>(`select ${foldedSql('$1::text')} as folded`, [text])).rows[0]?.folded
      for (const text of ['Educación', 'EDUCACIÓN', 'Niñez y PINGÜINOS', 'Àçäêîõ', 'ana@correo.mx']) {
        expect(await folded(text)).toBe(searchKey(text))
      }
    } finally {
      await db.close()
    }
  })
})
