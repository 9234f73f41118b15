import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventEnvelope } from '@donaciones/contracts'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { sampleDefinitions, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import { ConcurrencyError, DuplicateRecordError } from './errors.ts'
import { EventStore, newEvent } from './event-store.ts'
import type { Projection } from './projection.ts'
import { ident } from '../db/ident.ts'

const totalsProjection: Projection = {
  name: 'totals',
  tables: ['totals'],
  handles: [sampleNoted],
  async setup(db: SqlExecutor, schema: string) {
    await db.exec(`create table if not exists ${ident(schema)}.totals (stream text primary key, weight int not null)`)
  },
  async apply(tx: SqlExecutor, event: EventEnvelope, schema: string) {
    const { weight, text } = event.data as { weight: number; text: string }
    if (text === 'explode') throw new Error('proyección fallida')
    await tx.query(
      `insert into ${ident(schema)}.totals (stream, weight) values ($1, $2)
       on conflict (stream) do update set weight = totals.weight + excluded.weight`,
      [event.stream, weight],
    )
  },
}

describe.each(databaseEngines)('EventStore on $name', (engine) => {
  let db: SqlDatabase
  let store: EventStore

  beforeAll(async () => {
    db = await engine.open()
  })
  afterAll(async () => {
    await db.close()
  })

  async function freshStore(): Promise<EventStore> {
    store = new EventStore({ db, schema: uniqueName('es'), service: 'audit', definitions: sampleDefinitions, projections: [totalsProjection] })
    await store.init()
    return store
  }

  it('appends with consecutive versions and reads the stream back', async () => {
    await freshStore()
    const first = await store.append('s-1', [newEvent(sampleNoted, { text: 'a', weight: 1 }), newEvent(sampleNoted, { text: 'b', weight: 2 })], {
      expectedVersion: 0,
      metadata: { actor: 'u1', correlationId: 'c1', historical: { cause: 'Actualización', description: 'porque sí' } },
    })
    expect(first.map((event) => event.version)).toEqual([1, 2])
    await store.append('s-1', [newEvent(sampleNoted, { text: 'c', weight: 3 })], { expectedVersion: 2, metadata: testMetadata })
    const events = await store.readStream('s-1')
    expect(events.map((event) => [event.version, (event.data as { text: string }).text])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ])
    expect(events[0]?.metadata).toEqual({ actor: 'u1', correlationId: 'c1', historical: { cause: 'Actualización', description: 'porque sí' } })
    expect(new Set(events.map((event) => event.id)).size).toBe(3)
    expect(events[0]?.service).toBe('audit')
  })

  it('refuses an append whose expected version is stale or ahead', async () => {
    await freshStore()
    await store.append('s-2', [newEvent(sampleNoted, { text: 'a', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
    await expect(store.append('s-2', [newEvent(sampleNoted, { text: 'b', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })).rejects.toBeInstanceOf(ConcurrencyError)
    await expect(store.append('s-2', [newEvent(sampleNoted, { text: 'b', weight: 1 })], { expectedVersion: 5, metadata: testMetadata })).rejects.toBeInstanceOf(ConcurrencyError)
    expect(await store.readStream('s-2')).toHaveLength(1)
  })

  it('lets exactly one of several conflicting appends win', async () => {
    await freshStore()
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => store.append('s-3', [newEvent(sampleNoted, { text: `w${index}`, weight: 1 })], { expectedVersion: 0, metadata: testMetadata })),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1)
    const rejected = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected')
    expect(rejected).toHaveLength(7)
    for (const attempt of rejected) expect(attempt.reason).toBeInstanceOf(ConcurrencyError)
    expect(await store.readStream('s-3')).toHaveLength(1)
  })

  it('applies inline projections in the append transaction and rolls both back together', async () => {
    await freshStore()
    await store.append('p-1', [newEvent(sampleNoted, { text: 'a', weight: 4 })], { expectedVersion: 0, metadata: testMetadata })
    await store.append('p-1', [newEvent(sampleNoted, { text: 'b', weight: 5 })], { expectedVersion: 1, metadata: testMetadata })
    await expect(store.append('p-1', [newEvent(sampleNoted, { text: 'explode', weight: 100 })], { expectedVersion: 2, metadata: testMetadata })).rejects.toThrow('proyección fallida')
    const { rows } = await db.query<{ weight: number }>(`select weight from ${ident(store.schema)}.totals where stream = 'p-1'`)
    expect(rows[0]?.weight).toBe(9)
    expect(await store.readStream('p-1')).toHaveLength(2)
  })

  it('hands a projection that takes runs all the events of an append it handles in one call, in order', async () => {
    const calls: string[][] = []
    const batched: Projection = {
      ...totalsProjection,
      name: 'batched',
      async applyBatch(tx, events, schema) {
        calls.push(events.map((event) => (event.data as { text: string }).text))
        for (const event of events) await totalsProjection.apply(tx, event, schema)
      },
    }
    store = new EventStore({ db, schema: uniqueName('es'), service: 'audit', definitions: sampleDefinitions, projections: [batched] })
    await store.init()
    await store.append('s-1', ['a', 'b', 'c'].map((text, index) => newEvent(sampleNoted, { text, weight: index + 1 })), { expectedVersion: 0, metadata: testMetadata })
    await store.append('s-1', [newEvent(sampleNoted, { text: 'd', weight: 4 })], { expectedVersion: 3, metadata: testMetadata })
    expect(calls).toEqual([['a', 'b', 'c'], ['d']])
    const { rows } = await db.query<{ weight: number }>(`select weight from ${ident(store.schema)}.totals where stream = 's-1'`)
    expect(rows[0]?.weight).toBe(10)
  })

  it('tells its listeners, once each transaction commits, the events the transaction appended', async () => {
    await freshStore()
    const heard: string[][] = []
    const stop = store.onAppend((events) => heard.push(events.map((event) => (event.data as { text: string }).text)))
    await store.transaction(async (tx) => {
      await store.appendIn(tx, 'l-1', [newEvent(sampleNoted, { text: 'a', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
      await store.appendIn(tx, 'l-2', [newEvent(sampleNoted, { text: 'b', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
      expect(heard).toEqual([])
    })
    await store.append('l-1', [newEvent(sampleNoted, { text: 'c', weight: 1 })], { expectedVersion: 1, metadata: testMetadata })
    await expect(store.append('l-3', [newEvent(sampleNoted, { text: 'explode', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })).rejects.toThrow()
    await store.transaction((tx) => tx.query('select 1'))
    stop()
    await store.append('l-4', [newEvent(sampleNoted, { text: 'd', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
    expect(heard).toEqual([['a', 'b'], ['c']])
  })

  it('turns a duplicate caught by a read model into DuplicateRecordError and stores nothing', async () => {
    await freshStore()
    await db.exec(`create unique index totals_weight_unique on ${ident(store.schema)}.totals (weight)`)
    await store.append('u-1', [newEvent(sampleNoted, { text: 'a', weight: 7 })], { expectedVersion: 0, metadata: testMetadata })
    await expect(store.append('u-2', [newEvent(sampleNoted, { text: 'b', weight: 7 })], { expectedVersion: 0, metadata: testMetadata })).rejects.toBeInstanceOf(DuplicateRecordError)
    expect(await store.readStream('u-2')).toHaveLength(0)
  })

  it('rejects a payload that does not match its contract and stores nothing', async () => {
    await freshStore()
    await expect(store.append('v-1', [{ definition: sampleNoted, data: { text: 1 } }], { expectedVersion: 0, metadata: testMetadata })).rejects.toThrow()
    expect(await store.readStream('v-1')).toHaveLength(0)
  })

  it('reads the whole log in commit order, page by page, from a checkpoint', async () => {
    await freshStore()
    for (let index = 0; index < 7; index += 1) {
      await store.append(`r-${index % 3}`, [newEvent(sampleNoted, { text: `e${index}`, weight: 1 })], { expectedVersion: Math.floor(index / 3), metadata: testMetadata })
    }
    const pagedRead = async () => {
      const seen: string[] = []
      let page = await store.readAll(undefined, { limit: 3 })
      while (page.events.length > 0) {
        seen.push(...page.events.map((event) => (event.data as { text: string }).text))
        page = await store.readAll(page.checkpoint, { limit: 3 })
      }
      return seen
    }
    // readAll shows an event once no older transaction on the server can still commit: another test
    // file's open transaction on the shared PostgreSQL may hold the newest back for a moment.
    await expect.poll(pagedRead).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6'])
  })

  it('upcasts old payload versions on read', async () => {
    await freshStore()
    await db.query(
      `insert into ${ident(store.schema)}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       values ('old', 1, gen_random_uuid(), 'SampleNoted', 1, '{"text":"viejo"}', '{"actor":null,"correlationId":"x"}')`,
    )
    const [event] = await store.readStream('old')
    expect(event?.v).toBe(2)
    expect(event?.data).toEqual({ text: 'viejo', weight: 1 })
  })

  it('keeps a fixed event id unique so a retried command is not stored twice', async () => {
    await freshStore()
    const id = '4b7c2b1e-5a6f-4a53-9a55-0b4f3b7b0c11'
    await store.append('i-1', [newEvent(sampleNoted, { text: 'a', weight: 1 }, id)], { expectedVersion: 0, metadata: testMetadata })
    await expect(store.append('i-2', [newEvent(sampleNoted, { text: 'a', weight: 1 }, id)], { expectedVersion: 0, metadata: testMetadata })).rejects.toBeInstanceOf(ConcurrencyError)
    // Polled: see the paged read above.
    await expect.poll(async () => (await store.readAll()).events.map((event) => event.id)).toEqual([id])
  })

  it('gives an inbox made before the event key existed the key of each row it holds', async () => {
    const schema = uniqueName('es')
    await db.exec(`create schema ${ident(schema)};
      create table ${ident(schema)}.inbox (event_id uuid primary key, received_position bigint generated always as identity, envelope jsonb not null, received_at timestamptz not null default now())`)
    await db.query(`insert into ${ident(schema)}.inbox (event_id, envelope) values (gen_random_uuid(), '{"service":"donation","type":"DonationApproved"}')`)
    await new EventStore({ db, schema, service: 'audit', definitions: sampleDefinitions }).init()
    await db.query(`insert into ${ident(schema)}.inbox (event_id, envelope) values (gen_random_uuid(), '{"service":"campaign","type":"CampaignCreated"}')`)
    const { rows } = await db.query<{ event_key: string }>(`select event_key from ${ident(schema)}.inbox order by received_position`)
    expect(rows.map((row) => row.event_key)).toEqual(['donation.DonationApproved', 'campaign.CampaignCreated'])
  })
})
