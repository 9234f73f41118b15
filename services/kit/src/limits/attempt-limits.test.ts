import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../db/index.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { clearAttempts, clearAttemptsStartingWith, countAttempts, createAttemptTable, forgiveAttempt, recordAttempt, takeAttempt, type AttemptLimit } from './attempt-limits.ts'

describe.each(databaseEngines)('attempt limits on $name', (engine) => {
  let db: SqlDatabase
  let schema: string

  beforeAll(async () => {
    db = await engine.open()
    schema = uniqueName('limits')
    await db.exec(`create schema ${schema}`)
    await createAttemptTable(db, schema)
  })
  afterAll(async () => {
    await db.exec(`drop schema ${schema} cascade`)
    await db.close()
  })

  const minute = 60_000
  const rowsOf = async (key: string, kind = 'attempt') =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${schema}.attempts where key = $1 and kind = $2`, [key, kind])).rows[0]?.n

  it('allows max attempts inside the window, then refuses with the time until the oldest leaves it', async () => {
    const limit: AttemptLimit = { key: 'login:email:ana@x.mx', max: 3, windowMs: 10 * minute }
    const start = new Date('2026-01-01T10:00:00Z')
    for (let index = 0; index < 3; index += 1) {
      const verdict = await takeAttempt(db, schema, { limits: [limit], now: new Date(start.getTime() + index * minute) })
      expect(verdict.allowed).toBe(true)
    }
    const refused = await takeAttempt(db, schema, { limits: [limit], now: new Date(start.getTime() + 4 * minute) })
    expect(refused).toEqual({ allowed: false, waitSeconds: 6 * 60, limit })
    expect(await rowsOf(limit.key)).toBe(3)
    // The first attempt has left the window ten minutes after it was made.
    expect((await takeAttempt(db, schema, { limits: [limit], now: new Date(start.getTime() + 10 * minute + 1) })).allowed).toBe(true)
  })

  it('reports the first limit reached in the order given, and the longest wait', async () => {
    const now = new Date()
    const declines: AttemptLimit = { key: 'ip:10.0.0.1', kind: 'decline', max: 1, windowMs: 30 * minute }
    const attempts: AttemptLimit = { key: 'ip:10.0.0.1', max: 1, windowMs: 10 * minute }
    await recordAttempt(db, schema, [{ key: 'ip:10.0.0.1', kind: 'decline' }], undefined, now)
    await recordAttempt(db, schema, [{ key: 'ip:10.0.0.1' }], undefined, now)
    const verdict = await takeAttempt(db, schema, { limits: [declines, attempts], now })
    expect(verdict).toEqual({ allowed: false, waitSeconds: 30 * 60, limit: declines })
  })

  it('records what it is told to record, forgives one attempt and clears a key', async () => {
    const limits: AttemptLimit[] = [{ key: 'card:abc', max: 5, windowMs: minute }]
    const verdict = await takeAttempt(db, schema, { limits, record: [{ key: 'card:abc' }, { key: 'email:b@x.mx' }] })
    if (!verdict.allowed) throw new Error('se esperaba permitido')
    expect([await rowsOf('card:abc'), await rowsOf('email:b@x.mx')]).toEqual([1, 1])
    await forgiveAttempt(db, schema, verdict.attemptId)
    expect([await rowsOf('card:abc'), await rowsOf('email:b@x.mx')]).toEqual([0, 0])
    await takeAttempt(db, schema, { limits })
    await clearAttempts(db, schema, 'card:abc')
    expect(await rowsOf('card:abc')).toBe(0)
  })

  it('counts the rows of a key inside a window without limiting anything', async () => {
    const now = new Date('2026-02-01T10:00:00Z')
    await recordAttempt(db, schema, [{ key: 'cuenta:c@x.mx' }], undefined, new Date(now.getTime() - 20 * minute))
    await recordAttempt(db, schema, [{ key: 'cuenta:c@x.mx' }, { key: 'otra' }], undefined, new Date(now.getTime() - minute))
    await recordAttempt(db, schema, [{ key: 'cuenta:c@x.mx', kind: 'decline' }], undefined, now)
    expect(await countAttempts(db, schema, 'cuenta:c@x.mx', 15 * minute, undefined, now)).toBe(1)
    expect(await countAttempts(db, schema, 'cuenta:c@x.mx', 30 * minute, undefined, now)).toBe(2)
    expect(await countAttempts(db, schema, 'cuenta:c@x.mx', 30 * minute, 'decline', new Date(now.getTime() + 1))).toBe(1)
    await recordAttempt(db, schema, [{ key: 'par:c_x@x.mx|1.1.1.1' }, { key: 'par:c_x@x.mx|2.2.2.2' }, { key: 'par:cax@x.mx|3.3.3.3' }], undefined, now)
    await clearAttemptsStartingWith(db, schema, 'par:c_x@x.mx|')
    expect(await rowsOf('par:c_x@x.mx|1.1.1.1')).toBe(0)
    expect(await rowsOf('par:c_x@x.mx|2.2.2.2')).toBe(0)
    expect(await rowsOf('par:cax@x.mx|3.3.3.3')).toBe(1)
  })

  it('lets exactly max of many parallel attempts through', async () => {
    const limits: AttemptLimit[] = [
      { key: 'login:email:paralelo@x.mx', max: 5, windowMs: minute },
      { key: 'login:ip:10.9.9.9', max: 50, windowMs: minute },
    ]
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(db, schema, { limits })))
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5)
    expect(await rowsOf('login:email:paralelo@x.mx')).toBe(5)
  })
})
