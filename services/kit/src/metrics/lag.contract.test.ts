import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { storeCheckpoint } from '../eventstore/checkpoint.ts'
import { EventStore, newEvent } from '../eventstore/event-store.ts'
import { OutboxRelay, relayCheckpointName } from '../messaging/outbox-relay.ts'
import { ProjectionConsumer } from '../messaging/projection-consumer.ts'
import { messagingEngines } from '../../testing/bus-engines.ts'
import { uniqueName } from '../../testing/engines.ts'
import { heldBus, type HeldBus } from '../../testing/held-bus.ts'
import { foreignSampleNoted, sampleDefinitions, testMetadata } from '../../testing/sample-events.ts'
import { readSums, sumProjection } from '../../testing/sample-projection.ts'
import { relayLag } from './lag.ts'
import { metricsFor } from './registry.ts'

/** The value of one series in the text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const labelText = line.slice(name.length + 1, line.indexOf('}'))
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('La condición no se cumplió a tiempo')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

interface Statement {
  text: string
  params: readonly unknown[]
}

/** `db`, with every statement it runs written down while `recording` is on. */
function recordingDatabase(db: SqlDatabase) {
  const statements: Statement[] = []
  let recording = false
  const wrap = (executor: SqlExecutor): SqlExecutor => ({
    query(text, params) {
      if (recording) statements.push({ text, params: params ?? [] })
      return executor.query(text, params)
    },
    exec(sql) {
      if (recording) statements.push({ text: sql, params: [] })
      return executor.exec(sql)
    },
  })
  const recorded: SqlDatabase = {
    ...wrap(db),
    dialect: db.dialect,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    session: (fn) => db.session((connection) => fn(wrap(connection))),
    close: () => db.close(),
  }
  return {
    db: recorded,
    start() {
      statements.length = 0
      recording = true
    },
    stop(): Statement[] {
      recording = false
      return [...statements]
    },
  }
}

interface PlanNode {
  'Node Type': string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  Plans?: PlanNode[]
}

/** The most rows any step of the statement's plan went through when it ran. */
async function mostRowsRead(db: SqlExecutor, statement: Statement): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${statement.text}`, statement.params)
  const raw = rows[0]?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>
  const walk = (node: PlanNode): number =>
    Math.max(((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), ...(node.Plans ?? []).map(walk))
  return walk(plan[0]!.Plan)
}

describe.each(messagingEngines)('lag from positions ($name)', (engine) => {
  let db: SqlDatabase
  let recorder: ReturnType<typeof recordingDatabase>
  let bus: HeldBus
  let dispose: () => Promise<void>
  let producer: EventStore
  let consumerStore: EventStore
  let consumer: ProjectionConsumer
  let relay: OutboxRelay
  const relayLagNow = () => relayLag(db, producer.schema, relayCheckpointName)
  const consumerLagNow = async () => (await consumer.lag())[0]?.lag
  const appendNoted = async (count: number) => {
    for (let start = 0; start < count; start += 500) {
      const events = Array.from({ length: Math.min(500, count - start) }, () => newEvent(foreignSampleNoted, { amount: 1 }))
      await producer.append(`sample-${uniqueName('s')}`, events, { expectedVersion: 0, metadata: testMetadata })
    }
  }

  beforeAll(async () => {
    db = await engine.database.open()
    recorder = recordingDatabase(db)
    const opened = await engine.bus.open(recorder.db)
    bus = heldBus(opened.bus)
    dispose = opened.dispose
    producer = new EventStore({ db: recorder.db, schema: uniqueName('producer'), service: 'donation', definitions: sampleDefinitions })
    consumerStore = new EventStore({ db: recorder.db, schema: uniqueName('consumer'), service: 'audit', definitions: sampleDefinitions, projections: [sumProjection()] })
    await producer.init()
    await consumerStore.init()
    consumer = new ProjectionConsumer({ store: consumerStore, bus, projections: [sumProjection()] })
    await consumer.setup()
    await consumer.start()
    relay = new OutboxRelay({ store: producer, bus, definitions: sampleDefinitions, pollIntervalMs: 50, batchSize: 500 })
  })
  afterAll(async () => {
    bus?.release()
    await relay?.stop()
    await consumer?.stop()
    await dispose?.()
    await db?.close()
  })

  it('gives the relay the committed events after its checkpoint and the consumer what the bus holds for it', async () => {
    const appendsBefore = sample(await metricsFor('donation').registry.metrics(), 'eventstore_append_duration_seconds_count') ?? 0
    const first = await producer.append('sample-1', [newEvent(foreignSampleNoted, { amount: 5 }), newEvent(foreignSampleNoted, { amount: 7 })], { expectedVersion: 0, metadata: testMetadata })
    await producer.append('sample-2', [newEvent(foreignSampleNoted, { amount: 1 })], { expectedVersion: 0, metadata: testMetadata })
    expect(sample(await metricsFor('donation').registry.metrics(), 'eventstore_append_duration_seconds_count', { service: 'donation' })).toBe(appendsBefore + 2)

    expect(await relayLagNow()).toBe(3)
    const last = first[1]!
    await storeCheckpoint(db, producer.schema, relayCheckpointName, { transactionId: last.transactionId, position: last.position })
    expect(await relayLagNow()).toBe(1)
    expect(sample(await metricsFor('donation').registry.metrics(), 'outbox_relay_lag_events')).toBe(1)

    relay.start()
    await waitFor(async () => (await relayLagNow()) === 0)
    // The one left after the checkpoint is published; the two before it were "published" by hand.
    await waitFor(async () => (await consumerLagNow()) === 1)
    expect(await consumer.lag()).toEqual([{ projection: 'sums', lag: 1 }])
    expect(sample(await metricsFor('audit').registry.metrics(), 'projection_consumer_lag_events', { service: 'audit', consumer: 'audit_projections' })).toBe(1)
  })

  it('reads no log to tell either lag, however long the backlog', async () => {
    await appendNoted(3_000)
    await waitFor(async () => (await relayLagNow()) === 0)
    await relay.stop()
    await appendNoted(3_000)

    recorder.start()
    const relayed = sample(await metricsFor('donation').registry.metrics(), 'outbox_relay_lag_events')
    const consumed = sample(await metricsFor('audit').registry.metrics(), 'projection_consumer_lag_events', { consumer: 'audit_projections' })
    const lag = await consumer.lag()
    const statements = recorder.stop()

    expect(relayed).toBe(3_000)
    expect(consumed).toBe(3_001)
    expect(lag).toEqual([{ projection: 'sums', lag: 3_001 }])
    // The relay's lag always asks the database; the in-process bus asks for its end, NATS for nothing.
    expect(statements.length).toBeGreaterThanOrEqual(1)
    for (const statement of statements) {
      expect(statement.text).not.toMatch(/count\s*\(/i)
      expect(await mostRowsRead(db, statement), statement.text).toBeLessThanOrEqual(2)
    }
  })

  it('falls to 0 once the consumer applied everything', async () => {
    bus.release()
    await waitFor(async () => (await consumerLagNow()) === 0, 60_000)
    expect((await readSums(db, consumerStore.schema)).applied).toBe(3_001)
    expect(sample(await metricsFor('audit').registry.metrics(), 'projection_consumer_lag_events', { consumer: 'audit_projections' })).toBe(0)
  })
})
