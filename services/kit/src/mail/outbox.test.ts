import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../db/index.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { createMailOutboxTable, enqueueMail, mailRetryDelay, MailOutboxSender, undeliveredMail, type OutboxMail } from './outbox.ts'

describe.each(databaseEngines)('mail outbox on $name', (engine) => {
  let db: SqlDatabase
  let schema: string

  beforeAll(async () => {
    db = await engine.open()
    schema = uniqueName('outbox')
    await db.exec(`create schema ${schema}`)
    await createMailOutboxTable(db, schema)
  })
  afterAll(async () => {
    await db.exec(`drop schema ${schema} cascade`)
    await db.close()
  })

  const rowOf = async (id: string) =>
    (
      await db.query<{ payload: unknown; attempts: number; delivered_at: Date | null; last_error: string | null; next_attempt_at: Date }>(
        `select payload, attempts, delivered_at, last_error, next_attempt_at from ${schema}.mail_outbox where id = $1`,
        [id],
      )
    ).rows[0]

  const sender = (deliver: (mail: OutboxMail) => Promise<void>, options: { leaseMs?: number } = {}) =>
    new MailOutboxSender({ db, schema, deliver, retryDelay: () => 60_000, ...options })

  it('queues with the transaction: a rolled-back change leaves no mail behind', async () => {
    let id = ''
    await expect(
      db.transaction(async (tx) => {
        id = await enqueueMail(tx, schema, { kind: 'message', payload: { to: 'ana@x.mx' } })
        throw new Error('la operación falló')
      }),
    ).rejects.toThrow('la operación falló')
    expect(await rowOf(id)).toBeUndefined()
  })

  it('delivers a message once, erases its content and ignores the same id queued again', async () => {
    const delivered: OutboxMail[] = []
    const id = await db.transaction((tx) => enqueueMail(tx, schema, { kind: 'message', payload: { secret: 'Qwerty12!' } }))
    await db.transaction((tx) => enqueueMail(tx, schema, { id, kind: 'message', payload: { secret: 'otro' } }))
    const outbox = sender(async (mail) => {
      delivered.push(mail)
    })
    await outbox.drain()
    await outbox.drain()
    expect(delivered).toEqual([{ id, kind: 'message', payload: { secret: 'Qwerty12!' }, attempt: 1 }])
    const row = await rowOf(id)
    expect(row?.payload).toBeNull()
    expect(row?.delivered_at).not.toBeNull()
  })

  it('keeps a refused message with its reason and tries again only when its backoff has passed', async () => {
    const id = await db.transaction((tx) => enqueueMail(tx, schema, { kind: 'message', payload: { n: 1 } }))
    let up = false
    const attempts: number[] = []
    const outbox = sender(async (mail) => {
      if (mail.id !== id) return
      attempts.push(mail.attempt)
      if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525')
    })
    await outbox.drain()
    expect(await rowOf(id)).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'connect ECONNREFUSED 127.0.0.1:2525' })
    await outbox.drain()
    expect(attempts).toEqual([1])
    const [listed] = (await undeliveredMail(db, schema, new Date(Date.now() + 1000))).filter((mail) => mail.id === id)
    expect(listed).toMatchObject({ id, attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:2525', payload: { n: 1 } })
    up = true
    await outbox.drain(new Date(Date.now() + 61_000))
    expect(attempts).toEqual([1, 2])
    expect(await rowOf(id)).toMatchObject({ attempts: 2, last_error: null })
    expect((await undeliveredMail(db, schema, new Date(Date.now() + 1000))).map((mail) => mail.id)).not.toContain(id)
  })

  it('takes again, after its lease, a message whose sender died while delivering it', async () => {
    const id = await db.transaction((tx) => enqueueMail(tx, schema, { kind: 'message', payload: {} }))
    const seen: string[] = []
    // The first sender claims the row and never finishes (a kill -9 in the middle of an SMTP call).
    const dying = sender(() => new Promise<void>(() => undefined), { leaseMs: 1_000 })
    void dying.drain()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const other = sender(async (mail) => {
      seen.push(mail.id)
    })
    await other.drain()
    expect(seen).not.toContain(id)
    await other.drain(new Date(Date.now() + 1_500))
    expect(seen).toContain(id)
  })

  it('lets parallel senders (replicas) deliver each of many messages exactly once', async () => {
    const ids = await db.transaction(async (tx) => {
      const queued: string[] = []
      for (let index = 0; index < 40; index += 1) queued.push(await enqueueMail(tx, schema, { kind: 'message', payload: { index } }))
      return queued
    })
    const deliveries = new Map<string, number>()
    const deliver = async (mail: OutboxMail) => {
      await new Promise((resolve) => setTimeout(resolve, 2))
      deliveries.set(mail.id, (deliveries.get(mail.id) ?? 0) + 1)
    }
    await Promise.all([sender(deliver).drain(), sender(deliver).drain(), sender(deliver).drain()])
    expect(ids.map((id) => deliveries.get(id))).toEqual(ids.map(() => 1))
  })

  it('backs off 5 s, 10 s, 20 s … up to five minutes', () => {
    expect([1, 2, 3, 4, 7, 20].map((attempt) => mailRetryDelay(attempt))).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000])
  })
})
