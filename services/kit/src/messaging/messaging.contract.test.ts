import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../db/index.ts'
import { deleteCheckpoint, loadCheckpoint } from '../eventstore/checkpoint.ts'
import { EventStore, newEvent } from '../eventstore/event-store.ts'
import { ident } from '../db/ident.ts'
import { messagingEngines } from '../../testing/bus-engines.ts'
import { openMessagingPair, type MessagingPair } from '../../testing/messaging-pair.ts'
import { readSums, sumProjection } from '../../testing/sample-projection.ts'
import { foreignSampleNoted, sampleDefinitions, testMetadata } from '../../testing/sample-events.ts'
import { OutboxRelay } from './outbox-relay.ts'
import { ProjectionConsumer } from './projection-consumer.ts'
import { replayProjection } from './replay.ts'

const sums = sumProjection()

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('tiempo de espera agotado')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.each(messagingEngines)('relay → bus → consumer on $name', (engine) => {
  let pair: MessagingPair
  let db: SqlDatabase
  let producer: EventStore
  let consumerStore: EventStore
  let consumer: ProjectionConsumer

  beforeAll(async () => {
    pair = await openMessagingPair(engine, [sums])
    ;({ db, producer, consumerStore, consumer } = pair)
  })
  afterAll(() => pair.close())

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

  it('changes nothing when a restarted relay publishes again what it had already sent', async () => {
    const before = await readSums(db, consumerStore.schema)
    await pair.relay.stop()
    await deleteCheckpoint(db, producer.schema, 'outbox-relay')
    pair.relay = new OutboxRelay({ store: producer, bus: pair.bus, definitions: sampleDefinitions, pollIntervalMs: 50, batchSize: 50 })
    pair.relay.start()
    const end = (await producer.readAll(undefined, { limit: 10_000 })).checkpoint
    // At least the end read above: that read may not yet show events another transaction on the server holds back.
    await waitFor(async () => (await loadCheckpoint(db, producer.schema, 'outbox-relay')).position >= end.position)
    // A new event published after the repeats is the signal they were all delivered and handled:
    // only it counts.
    await producer.append('donation-sentinel', [newEvent(foreignSampleNoted, { amount: 7 })], { expectedVersion: 0, metadata: testMetadata })
    await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === before.applied + 1)
    expect(await readSums(db, consumerStore.schema)).toEqual({ amount: before.amount + 7, applied: before.applied + 1 })
  })

  it('replays the projection from the inbox to the same totals', async () => {
    const before = await readSums(db, consumerStore.schema)
    await db.query(`update ${ident(consumerStore.schema)}.sums set amount = 0, applied = 0`)
    const progress = await replayProjection({ store: consumerStore, projection: sums })
    expect(progress).toEqual({ total: 122, done: 122 })
    expect(await readSums(db, consumerStore.schema)).toEqual(before)
  })

  it('keeps exactly one active relay when two run over the same log', async () => {
    const second = new OutboxRelay({ store: producer, bus: pair.bus, definitions: sampleDefinitions, pollIntervalMs: 50 })
    second.start()
    try {
      await producer.append('donation-y', [newEvent(foreignSampleNoted, { amount: 1 })], { expectedVersion: 0, metadata: testMetadata })
      await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === 123)
      if (db.dialect === 'pg') expect([pair.relay.isLeader, second.isLeader].filter(Boolean)).toHaveLength(1)
    } finally {
      await second.stop()
    }
    expect((await readSums(db, consumerStore.schema)).applied).toBe(123)
  })

  it('stops at once while it leads, without waiting out its poll interval', async () => {
    await pair.relay.stop()
    const slow = new OutboxRelay({ store: producer, bus: pair.bus, definitions: sampleDefinitions, pollIntervalMs: 120_000 })
    slow.start()
    try {
      await waitFor(async () => slow.isLeader)
      const outcome = await Promise.race([slow.stop().then(() => 'parado'), new Promise((resolve) => setTimeout(resolve, 10_000, 'esperando'))])
      expect(outcome).toBe('parado')
    } finally {
      await slow.stop()
      pair.relay = new OutboxRelay({ store: producer, bus: pair.bus, definitions: sampleDefinitions, pollIntervalMs: 50 })
      pair.relay.start()
    }
  })

  it('acknowledges an event of a type no projection here handles without reading its payload', async () => {
    const before = await readSums(db, consumerStore.schema)
    // Same source service, so the consumer's filter takes it; a payload it could not even parse.
    await pair.bus.publish({ id: crypto.randomUUID(), subject: 'donation.sample.SampleVisited', payload: 'no es un sobre' })
    await producer.append('donation-after-unhandled', [newEvent(foreignSampleNoted, { amount: 3 })], { expectedVersion: 0, metadata: testMetadata })
    await waitFor(async () => (await readSums(db, consumerStore.schema)).applied === before.applied + 1, 5_000)
    expect(await readSums(db, consumerStore.schema)).toEqual({ amount: before.amount + 3, applied: before.applied + 1 })
  })
})
