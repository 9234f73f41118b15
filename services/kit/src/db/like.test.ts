import { describe, expect, it } from 'vitest'
import { createPgliteDatabase } from './pglite-database.ts'
import { containsPattern } from './like.ts'

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
