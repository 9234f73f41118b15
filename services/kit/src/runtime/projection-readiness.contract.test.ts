import { Router } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../db/index.ts'
import { EventStore, newEvent } from '../eventstore/event-store.ts'
import { createLogger } from '../http/logger.ts'
import { startHttpServer, type RunningHttpServer } from '../http/server.ts'
import { OutboxRelay } from '../messaging/outbox-relay.ts'
import { messagingEngines } from '../../testing/bus-engines.ts'
import { uniqueName } from '../../testing/engines.ts'
import { heldBus, type HeldBus } from '../../testing/held-bus.ts'
import { foreignSampleNoted, sampleDefinitions, testMetadata } from '../../testing/sample-events.ts'
import { readSums, sumProjection } from '../../testing/sample-projection.ts'
import { mutableDirectory } from './service-directory.ts'
import { startServiceRuntime, type ServiceRuntime } from './service-runtime.ts'
import { readSettings } from './settings.ts'

/**
 * A service whose consumer is behind takes no traffic: its `/readyz` answers 503 naming the
 * projection while more than READY_MAX_PROJECTION_LAG events wait for it, and 200 once caught up.
 */
describe.each(messagingEngines)('readiness of a service catching up ($name)', (engine) => {
  let db: SqlDatabase
  let bus: HeldBus
  let dispose: () => Promise<void>
  let producer: EventStore
  let relay: OutboxRelay
  let runtime: ServiceRuntime
  let server: RunningHttpServer

  beforeAll(async () => {
    db = await engine.database.open()
    const opened = await engine.bus.open(db)
    bus = heldBus(opened.bus)
    dispose = opened.dispose
    producer = new EventStore({ db, schema: uniqueName('producer'), service: 'donation', definitions: sampleDefinitions })
    await producer.init()
    relay = new OutboxRelay({ store: producer, bus, definitions: sampleDefinitions, pollIntervalMs: 50 })
    runtime = await startServiceRuntime({
      definition: { name: 'audit', events: [], projections: [sumProjection()], routes: () => Router() },
      db,
      bus,
      schema: uniqueName('consumer'),
      logger: createLogger('prueba', { level: 'silent' }),
      settings: readSettings({ READY_MAX_PROJECTION_LAG: '5' }),
      directory: mutableDirectory('secreto'),
    })
    server = await startHttpServer(runtime.app, { port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    bus?.release()
    await server?.close()
    await runtime?.stop()
    await relay?.stop()
    await dispose?.()
    await db?.close()
  })

  const readyz = async () => {
    const response = await fetch(`${server.url}/readyz`)
    return { status: response.status, body: (await response.json()) as unknown }
  }

  it('is ready with nothing to apply, and within the limit', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } })
    await producer.append('sample-a', Array.from({ length: 5 }, () => newEvent(foreignSampleNoted, { amount: 1 })), { expectedVersion: 0, metadata: testMetadata })
    relay.start()
    await expect.poll(async () => (await runtime.consumer.lag())[0]?.lag, { timeout: 20_000 }).toBe(5)
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('answers 503 naming the projection and its lag while more events than the limit wait for it', async () => {
    await producer.append('sample-b', Array.from({ length: 7 }, () => newEvent(foreignSampleNoted, { amount: 1 })), { expectedVersion: 0, metadata: testMetadata })
    await expect.poll(async () => (await runtime.consumer.lag())[0]?.lag, { timeout: 20_000 }).toBe(12)
    expect(await readyz()).toEqual({
      status: 503,
      body: {
        message: 'Servicio no disponible',
        description: 'Proyecciones atrasadas, con más de 5 eventos por aplicar: sums (12 eventos)',
        maxLag: 5,
        lagging: [{ projection: 'sums', lag: 12 }],
      },
    })
  })

  it('answers 200 again once the consumer has caught up', async () => {
    bus.release()
    await expect.poll(async () => (await readyz()).status, { timeout: 30_000 }).toBe(200)
    await expect.poll(async () => (await readSums(db, runtime.context.store.schema)).applied, { timeout: 30_000 }).toBe(12)
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } })
  })
})
