import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEventStoreTables } from '../eventstore/schema.ts'
import { realEngines, uniqueName } from '../../testing/engines.ts'
import { setUpSchemaExclusively } from './exclusive-setup.ts'
import { createPgDatabase } from './pg-database.ts'
import type { SqlDatabase } from './sql.ts'

// Replicas starting together only exist with several connections; PGlite is one process.
describe.runIf(realEngines.databaseUrl)('setUpSchemaExclusively on PostgreSQL', () => {
  let db: SqlDatabase

  beforeAll(() => {
    db = createPgDatabase({ connectionString: realEngines.databaseUrl as string, max: 12 })
  })
  afterAll(async () => {
    await db.close()
  })

  it('runs the setups of one schema one after the other', async () => {
    const schema = uniqueName('exclusive')
    const spans: { start: number; end: number }[] = []
    await Promise.all(
      Array.from({ length: 4 }, () =>
        setUpSchemaExclusively(db, schema, async () => {
          const start = performance.now()
          await new Promise((done) => setTimeout(done, 50))
          spans.push({ start, end: performance.now() })
        }),
      ),
    )
    const ordered = spans.toSorted((a, b) => a.start - b.start)
    for (let index = 1; index < ordered.length; index += 1) {
      expect(ordered[index]?.start).toBeGreaterThanOrEqual(ordered[index - 1]?.end ?? Infinity)
    }
  })

  it('lets several replicas create the same new schema at once', async () => {
    const schema = uniqueName('replicas')
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => setUpSchemaExclusively(db, schema, () => createEventStoreTables(db, schema))),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const { rows } = await db.query<{ count: string }>(`select count(*)::text as count from information_schema.tables where table_schema = $1`, [schema])
    expect(rows[0]?.count).toBe('3')
  })

  it('releases the lock when a setup fails', async () => {
    const schema = uniqueName('failing')
    await expect(setUpSchemaExclusively(db, schema, async () => Promise.reject(new Error('falla')))).rejects.toThrow('falla')
    await expect(setUpSchemaExclusively(db, schema, async () => 'siguiente')).resolves.toBe('siguiente')
  })
})
