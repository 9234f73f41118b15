import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventEnvelope } from '@donaciones/contracts'
import type { Bus } from '../bus/bus.ts'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { EventStore, newEvent } from '../eventstore/event-store.ts'
import type { Projection } from '../eventstore/projection.ts'
import { ident } from '../eventstore/schema.ts'
import { messagingEngines } from '../testing/bus-engines.ts'
import { uniqueName } from '../testing/engines.ts'
import { foreignSampleNoted, sampleDefinitions, testMetadata } from '../testing/sample-events.ts'
import { OutboxRelay } from './outbox-relay.ts'
import { ProjectionConsumer } from './projection-consumer.ts'
import { replayProjection } from './replay.ts'

const sumProjection: Projection = {
  name: 'sums',
  tables: ['sums'],
  handles: [foreignSampleNoted],
  async setup(db: SqlExecutor, schema: string) {
    await db.exec(`create table if not exists ${ident(schema)}.sums (id int primary key, amount numeric not null, applied int not null)`)
  },
  async apply(tx: SqlExecutor, event: EventEnvelope, schema: string) {
    const { amount } = event.data as { amount: number }
    await tx.query(
      `insert into ${ident(schema)}.sums (id, amount, applied) values (1, $1, 1)
       on conflict (id) do update set amount = sums.amount + excluded.amount, applied = sums.applied + 1`,
      [amount],
    )
  },
}

async function readSums(db: SqlExecutor, schema: string): Promise<{ amount: number; applied: number }> {
  const { rows } = await db.query<{ amount: string; applied: number }>(`select amount::text as amount, applied from ${ident(schema)}.sums where id = 1`)
  return { amount: Number(rows[0]?.amount ?? 0), applied: rows[0]?.applied ?? 0 }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('tiempo de espera agotado')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.each(messagingEngines)('relay → bus → consumer on $name', (engine) => {
  let db: SqlDatabase
  let bus: Bus
  let disposeBus: () => Promise<void>
  let producer: EventStore
  let consumerStore: EventStore
  let relay: OutboxRelay
  let consumer: ProjectionConsumer

  beforeAll(async () => {
    db = await engine.database.open()
    const opened = await engine.bus.open(db)
    bus = opened.bus
    disposeBus = opened.dispose
    producer = new EventStore({ db, schema: uniqueName('producer'), service: 'donation', definitions: sampleDefinitions })
    consumerStore = new EventStore({ db, schema: uniqueName('consumer'), service: 'audit', definitions: sampleDefinitions, projections: [sumProjection] })
    await producer.init()
    await consumerStore.init()
    consumer = new ProjectionConsumer({ store: consumerStore, bus, projections: [sumProjection] })
    await consumer.setup()
    await consumer.start()
    relay = new OutboxRelay({ store: producer, bus, definitions: sampleDefinitions, pollIntervalMs: 50, batchSize: 50 })
    relay.start()
  })
  afterAll(async () => {
    await relay.stop()
    await consumer.stop()
    await disposeBus()
    await db.close()
  })

  it('delivers every committed event to the other service exactly once', async () => {
    for (let index = 1; index <= 120; index += 1) {
      await producer.append(`donation-${index}`, [newEvent(foreignSampleNoted, { amount: index })], { expectedVersion: 0, metadata: testMetadata })
    }
    const expected = (120 * 121) / 2
    await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === 120)
    expect(await readSums(db, consumerStore.schema)).toEqual({ amount: expected, applied: 120 })
  })

  it('ignores a redelivered event', async () => {
    const [event] = await producer.append('donation-x', [newEvent(foreignSampleNoted, { amount: 1000 })], { expectedVersion: 0, metadata: testMetadata })
    if (!event) throw new Error('sin evento')
    await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === 121)
    expect(await consumer.receive(event)).toBe(false)
    expect(await consumer.receive(event)).toBe(false)
    expect((await readSums(db, consumerStore.schema)).applied).toBe(121)
  })

  it('replays the projection from the inbox to the same totals', async () => {
    const before = await readSums(db, consumerStore.schema)
    await db.query(`update ${ident(consumerStore.schema)}.sums set amount = 0, applied = 0`)
    const progress = await replayProjection({ store: consumerStore, projection: sumProjection })
    expect(progress).toEqual({ total: 121, done: 121 })
    expect(await readSums(db, consumerStore.schema)).toEqual(before)
  })

  it('keeps exactly one active relay when two run over the same log', async () => {
    const second = new OutboxRelay({ store: producer, bus, definitions: sampleDefinitions, pollIntervalMs: 50 })
    second.start()
    try {
      await producer.append('donation-y', [newEvent(foreignSampleNoted, { amount: 1 })], { expectedVersion: 0, metadata: testMetadata })
      await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === 122)
      if (db.dialect === 'pg') expect([relay.isLeader, second.isLeader].filter(Boolean)).toHaveLength(1)
    } finally {
      await second.stop()
    }
    expect((await readSums(db, consumerStore.schema)).applied).toBe(122)
  })
})
