import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createNatsBus,
  createPgDatabase,
  EventStore,
  ident,
  loadCheckpoint,
  newEvent,
  type SqlDatabase,
} from '@donaciones/kit'
import { foreignSampleNoted, readSums, realEngines, sampleDefinitions, sumProjection, testMetadata, uniqueName } from '@donaciones/kit/testing'
import { runScript, waitUntil, type RunningProcess } from './support/processes.ts'

describe.runIf(realEngines.databaseUrl && realEngines.natsUrl)('killing the relay and the consumer mid-batch (PostgreSQL + NATS)', () => {
  const env = {
    DATABASE_URL: realEngines.databaseUrl as string,
    NATS_URL: realEngines.natsUrl as string,
    FAULT_STREAM: uniqueName('FAULT').toUpperCase(),
    FAULT_PREFIX: uniqueName('fault'),
    FAULT_PRODUCER_SCHEMA: uniqueName('fault_producer'),
    FAULT_CONSUMER_SCHEMA: uniqueName('fault_consumer'),
  }
  let db: SqlDatabase
  let producer: EventStore
  const running = new Set<RunningProcess>()

  const start = async (mode: 'relay' | 'consumer') => {
    const worker = runScript('tests/support/fault-worker.ts', [], { ...env, FAULT_MODE: mode })
    running.add(worker)
    await waitUntil(async () => worker.output().includes('listo'), 30_000, `${mode} listo`)
    return worker
  }
  const kill = async (worker: RunningProcess) => {
    await worker.stop('SIGKILL')
    running.delete(worker)
  }

  beforeAll(async () => {
    db = createPgDatabase({ connectionString: env.DATABASE_URL, max: 5 })
    producer = new EventStore({ db, schema: env.FAULT_PRODUCER_SCHEMA, service: 'donation', definitions: sampleDefinitions })
    await producer.init()
    const consumerStore = new EventStore({ db, schema: env.FAULT_CONSUMER_SCHEMA, service: 'audit', definitions: sampleDefinitions, projections: [sumProjection()] })
    await consumerStore.init()
  })
  afterAll(async () => {
    for (const worker of running) await worker.stop('SIGKILL')
    const bus = await createNatsBus({ servers: env.NATS_URL, stream: env.FAULT_STREAM, subjectPrefix: env.FAULT_PREFIX })
    await bus.deleteStream().catch(() => undefined)
    await bus.close()
    await db.exec(`drop schema if exists ${ident(env.FAULT_PRODUCER_SCHEMA)} cascade; drop schema if exists ${ident(env.FAULT_CONSUMER_SCHEMA)} cascade`)
    await db.close()
  })

  it('loses no event and applies none twice', async () => {
    const total = 1500
    let written = 0
    const writer = (async () => {
      while (written < total) {
        await producer.transaction(async (tx) => {
          for (let index = 0; index < 25 && written < total; index += 1) {
            written += 1
            await producer.appendIn(tx, `d-${written}`, [newEvent(foreignSampleNoted, { amount: written })], { expectedVersion: 0, metadata: testMetadata })
          }
        })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()

    let relay = await start('relay')
    let consumer = await start('consumer')
    const relayed = async () => (await loadCheckpoint(db, env.FAULT_PRODUCER_SCHEMA, 'outbox-relay')).position
    const applied = async () => (await readSums(db, env.FAULT_CONSUMER_SCHEMA)).applied

    for (let round = 1; round <= 3; round += 1) {
      const relayMark = await relayed()
      await waitUntil(async () => (await relayed()) > relayMark || written >= total, 30_000, 'el relevo avanza')
      await kill(relay)
      const consumerMark = await applied()
      await waitUntil(async () => (await applied()) > consumerMark, 30_000, 'el consumidor avanza')
      // Killed while it still has messages to handle: what it had in hand is redelivered.
      await kill(consumer)
      relay = await start('relay')
      consumer = await start('consumer')
    }
    await writer

    await waitUntil(async () => (await applied()) >= total, 120_000, 'todo aplicado')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const sums = await readSums(db, env.FAULT_CONSUMER_SCHEMA)
    expect(sums.applied).toBe(total)
    expect(sums.amount).toBe((total * (total + 1)) / 2)
    const inbox = await db.query<{ count: number }>(`select count(*)::int as count from ${ident(env.FAULT_CONSUMER_SCHEMA)}.inbox`)
    expect(inbox.rows[0]?.count).toBe(total)
  }, 300_000)
})
