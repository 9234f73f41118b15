import type { Bus } from '../src/bus/bus.ts'
import type { SqlDatabase } from '../src/db/index.ts'
import { EventStore } from '../src/eventstore/event-store.ts'
import type { Projection } from '../src/eventstore/projection.ts'
import { OutboxRelay } from '../src/messaging/outbox-relay.ts'
import { ProjectionConsumer } from '../src/messaging/projection-consumer.ts'
import type { messagingEngines } from './bus-engines.ts'
import { uniqueName } from './engines.ts'
import { sampleDefinitions } from './sample-events.ts'

/** A producing service's log with its relay, and a consuming service whose projections it feeds over `bus`. */
export interface MessagingPair {
  db: SqlDatabase
  bus: Bus
  producer: EventStore
  consumerStore: EventStore
  consumer: ProjectionConsumer
  /** Replaceable: a test may stop it and start another over the same log. */
  relay: OutboxRelay
  /** Starts the consumer and the relay (opened pairs start them unless told not to). */
  start(): Promise<void>
  close(): Promise<void>
}

/** Opens fresh schemas and a fresh bus on `engine`: the donation service's sample log, feeding the audit service's `projections`. */
export async function openMessagingPair(
  engine: (typeof messagingEngines)[number],
  projections: readonly Projection[],
  options: { start?: boolean } = {},
): Promise<MessagingPair> {
  const db = await engine.database.open()
  const { bus, dispose } = await engine.bus.open(db)
  const producer = new EventStore({ db, schema: uniqueName('producer'), service: 'donation', definitions: sampleDefinitions })
  const consumerStore = new EventStore({ db, schema: uniqueName('consumer'), service: 'audit', definitions: sampleDefinitions, projections })
  await producer.init()
  await consumerStore.init()
  const consumer = new ProjectionConsumer({ store: consumerStore, bus, projections })
  await consumer.setup()
  const pair: MessagingPair = {
    db,
    bus,
    producer,
    consumerStore,
    consumer,
    relay: new OutboxRelay({ store: producer, bus, definitions: sampleDefinitions, pollIntervalMs: 50, batchSize: 50 }),
    async start() {
      await consumer.start()
      pair.relay.start()
    },
    async close() {
      await pair.relay.stop()
      await consumer.stop()
      await dispose()
      await db.close()
    },
  }
  if (options.start ?? true) await pair.start()
  return pair
}
