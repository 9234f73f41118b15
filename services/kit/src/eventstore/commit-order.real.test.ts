import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { createPgDatabase, type SqlDatabase } from '../db/index.ts'
import { realEngines, uniqueName } from '../../testing/engines.ts'
import { sampleDefinitions, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import type { Checkpoint } from './checkpoint.ts'
import { ConcurrencyError } from './errors.ts'
import { EventStore, newEvent } from './event-store.ts'
import { ident } from '../db/ident.ts'

// The gap problem only exists with several connections: PGlite cannot reproduce it.
describe.runIf(realEngines.databaseUrl)('EventStore commit order on PostgreSQL', () => {
  let db: SqlDatabase
  let store: EventStore

  beforeAll(async () => {
    db = createPgDatabase({ connectionString: realEngines.databaseUrl as string, max: 40 })
  })
  afterAll(async () => {
    await db.close()
  })

  async function freshStore(): Promise<EventStore> {
    store = new EventStore({ db, schema: uniqueName('order'), service: 'audit', definitions: sampleDefinitions })
    await store.init()
    return store
  }

  it('does not hand out an event past one whose transaction is still open', async () => {
    await freshStore()
    const slow = new pg.Client({ connectionString: realEngines.databaseUrl })
    await slow.connect()
    try {
      await slow.query('begin')
      await store.appendIn(
        { query: async (text, params) => { const r = await slow.query(text, params as unknown[]); return { rows: r.rows, rowCount: r.rowCount ?? 0 } }, exec: async (sql) => { await slow.query(sql) } },
        'late',
        [newEvent(sampleNoted, { text: 'late', weight: 1 })],
        { expectedVersion: 0, metadata: testMetadata },
      )
      await store.append('early', [newEvent(sampleNoted, { text: 'early', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })

      const naive = await db.query<{ stream_id: string }>(`select stream_id from ${ident(store.schema)}.events order by global_position`)
      expect(naive.rows.map((row) => row.stream_id)).toEqual(['early'])
      const whileOpen = await store.readAll()
      expect(whileOpen.events).toHaveLength(0)

      await slow.query('commit')
      const afterCommit = await store.readAll(whileOpen.checkpoint)
      expect(afterCommit.events.map((event) => event.stream)).toEqual(['late', 'early'])
    } finally {
      await slow.end()
    }
  })

  it('20 writers × 500 events with delayed commits: a concurrent reader sees each exactly once, in commit order', async () => {
    await freshStore()
    const writers = 20
    const perWriter = 500
    let writing = true
    const seen = new Map<string, number>()
    const order: Checkpoint[] = []
    const perStreamVersions = new Map<string, number>()
    let outOfOrderStream = 0

    const reader = (async () => {
      let checkpoint: Checkpoint | undefined
      for (;;) {
        const stillWriting = writing
        const page = await store.readAll(checkpoint, { limit: 1000 })
        for (const event of page.events) {
          seen.set(event.id, (seen.get(event.id) ?? 0) + 1)
          order.push({ transactionId: event.transactionId, position: event.position })
          if ((perStreamVersions.get(event.stream) ?? 0) + 1 !== event.version) outOfOrderStream += 1
          perStreamVersions.set(event.stream, event.version)
        }
        checkpoint = page.checkpoint
        if (!stillWriting && page.events.length === 0) return
        if (page.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()

    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let index = 0; index < perWriter; index += 1) {
          await store.transaction(async (tx) => {
            await store.appendIn(tx, `writer-${writer}`, [newEvent(sampleNoted, { text: `${writer}:${index}`, weight: 1 })], {
              expectedVersion: index,
              metadata: testMetadata,
            })
            // Hold the commit back at random so positions commit out of order.
            if (Math.random() < 0.2) await tx.query('select pg_sleep($1)', [Math.random() * 0.01])
          })
        }
      }),
    )
    writing = false
    await reader

    expect(seen.size).toBe(writers * perWriter)
    expect([...seen.values()].every((count) => count === 1)).toBe(true)
    expect(outOfOrderStream).toBe(0)
    for (let index = 1; index < order.length; index += 1) {
      const previous = order[index - 1] as Checkpoint
      const current = order[index] as Checkpoint
      const ascending =
        BigInt(current.transactionId) > BigInt(previous.transactionId) ||
        (current.transactionId === previous.transactionId && current.position > previous.position)
      expect(ascending).toBe(true)
    }
  }, 180_000)

  it('lets exactly one of 20 concurrent writers to one stream win', async () => {
    await freshStore()
    await store.append('hot', [newEvent(sampleNoted, { text: 'seed', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.transaction(async (tx) => {
          await store.appendIn(tx, 'hot', [newEvent(sampleNoted, { text: 'x', weight: 1 })], { expectedVersion: 1, metadata: testMetadata })
          await tx.query('select pg_sleep(0.02)')
        }),
      ),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1)
    expect(attempts.filter((attempt) => attempt.status === 'rejected' && attempt.reason instanceof ConcurrencyError)).toHaveLength(19)
  })
})
