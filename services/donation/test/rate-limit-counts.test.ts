import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runMigrations, type SqlDatabase } from '@donaciones/kit'
import { databaseEngines, uniqueName } from '@donaciones/kit/testing'
import { donationMigrations } from '../src/migrations.ts'
import { checkAttempt, recordDecline } from '../src/commands/rate-limit.ts'
import type { RateLimitOptions } from '../src/options.ts'

const limits: RateLimitOptions = { windowMs: 60_000, perAddress: 4, perEmail: 3, perCard: 2, declinesBeforeBlock: 2, blockMs: 120_000 }

describe.each(databaseEngines)('card-testing limits on $name', (engine) => {
  let db: SqlDatabase
  const schema = uniqueName('limites')

  beforeAll(async () => {
    db = await engine.open()
    await db.exec(`create schema ${schema}`)
    await runMigrations(db, schema, donationMigrations)
  })
  afterAll(async () => {
    await db.exec(`drop schema ${schema} cascade`)
    await db.close()
  })

  const attempts = async (key: string) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${schema}.attempts where key = $1 and kind = 'attempt'`, [key])).rows[0]?.n)

  it('counts each address, e-mail and card separately and refuses at the limit without recording', async () => {
    await checkAttempt(db, schema, limits, { address: '10.0.0.1', email: 'Ana@Correo.mx', cardToken: 'tok_1' })
    await checkAttempt(db, schema, limits, { address: '10.0.0.2', email: 'ana@correo.mx ', cardToken: 'tok_1' })
    await expect(checkAttempt(db, schema, limits, { address: '10.0.0.3', email: 'otra@correo.mx', cardToken: 'tok_1' })).rejects.toMatchObject({ status: 429 })
    expect(await attempts('ip:10.0.0.3')).toBe(0)
    expect(await attempts('ip:10.0.0.1')).toBe(1)

    await checkAttempt(db, schema, limits, { address: '10.0.0.4', email: 'ana@correo.mx', cardToken: 'tok_2' })
    expect(await attempts('email:ana@correo.mx')).toBe(3)
    await expect(checkAttempt(db, schema, limits, { address: '10.0.0.5', email: 'ana@correo.mx', cardToken: 'tok_3' })).rejects.toMatchObject({ status: 429 })
  })

  it('ignores attempts older than the window', async () => {
    await db.query(`insert into ${schema}.attempts (key, kind, at, attempt_id) select 'ip:10.0.0.9', 'attempt', now() - interval '2 minutes', gen_random_uuid() from generate_series(1, 10)`)
    await checkAttempt(db, schema, limits, { address: '10.0.0.9' })
    expect(await attempts('ip:10.0.0.9')).toBe(11)
  })

  it('blocks a source after its declines, with the block message', async () => {
    const source = { address: '10.0.1.1', email: 'rechazos@correo.mx' }
    await recordDecline(db, schema, limits, source)
    await checkAttempt(db, schema, limits, source)
    await recordDecline(db, schema, limits, source)
    await expect(checkAttempt(db, schema, limits, { address: '10.0.1.1' })).rejects.toMatchObject({
      status: 429,
      description: 'Se bloquearon temporalmente los intentos por pagos rechazados',
    })
  })

  it('lets no more parallel attempts through than the address limit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => checkAttempt(db, schema, limits, { address: '10.0.2.1', email: `p${index}@correo.mx`, cardToken: `tok_p${index}` })),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(limits.perAddress)
    expect(await attempts('ip:10.0.2.1')).toBe(limits.perAddress)
  })
})
