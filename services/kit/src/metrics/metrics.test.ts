import { afterAll, describe, expect, it } from 'vitest'
import express from 'express'
import { createPgliteDatabase, type SqlDatabase } from '../db/index.ts'
import { storeCheckpoint } from '../eventstore/checkpoint.ts'
import { EventStore, newEvent } from '../eventstore/event-store.ts'
import { createLogger } from '../http/logger.ts'
import { createServiceApp, finishServiceApp, startHttpServer, type RunningHttpServer } from '../http/server.ts'
import { ProjectionConsumer } from '../messaging/projection-consumer.ts'
import { foreignSampleNoted, sampleDefinitions, testMetadata } from '../../testing/sample-events.ts'
import { sumProjection } from '../../testing/sample-projection.ts'
import type { Bus } from '../bus/bus.ts'
import { isLoopbackPeer } from './http.ts'
import { countConsumerLag, countRelayLag } from './lag.ts'
import { metricsFor } from './registry.ts'

/** The value of one series in the text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const labelText = line.slice(name.length + 1, line.indexOf('}'))
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

describe('isLoopbackPeer', () => {
  it('accepts only this host’s addresses', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) expect(isLoopbackPeer(address)).toBe(true)
    for (const address of [undefined, '', '203.0.113.9', '10.0.0.1', '::ffff:203.0.113.9', '2001:db8::1', '128.0.0.1', '127.0.0.1.evil']) {
      expect(isLoopbackPeer(address)).toBe(false)
    }
  })
})

describe('service app /metrics', () => {
  let server: RunningHttpServer
  afterAll(() => server?.close())

  it('counts requests by route pattern, never by raw path, in the Prometheus text format', async () => {
    const app = createServiceApp({ name: 'metricas-prueba', logger: createLogger('prueba', { level: 'silent' }) })
    const nested = express.Router()
    nested.get('/:id/likes', (_req, res) => void res.json({ ok: true }))
    app.get('/api/things/:id', (_req, res) => void res.json({ ok: true }))
    app.use('/api/nested', nested)
    finishServiceApp(app)
    server = await startHttpServer(app, { port: 0, shutdownTimeoutMs: 1000 })

    for (const id of ['a1', 'b2', 'c3']) expect((await fetch(`${server.url}/api/things/${id}`)).status).toBe(200)
    expect((await fetch(`${server.url}/api/nested/x9/likes`)).status).toBe(200)
    expect((await fetch(`${server.url}/api/missing/42`)).status).toBe(404)

    const response = await fetch(`${server.url}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await response.text()
    const base = { service: 'metricas-prueba', method: 'GET', status: '200' }
    expect(sample(text, 'http_requests_total', { ...base, route: '/api/things/:id' })).toBe(3)
    expect(sample(text, 'http_requests_total', { ...base, route: '/api/nested/:id/likes' })).toBe(1)
    expect(sample(text, 'http_requests_total', { service: 'metricas-prueba', route: 'unmatched', status: '404' })).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_count', { ...base, route: '/api/things/:id' })).toBe(3)
    expect(text).not.toMatch(/a1|b2|c3|x9|\/42/)
  })
})

describe('lag gauges', () => {
  let db: SqlDatabase
  afterAll(() => db?.close())
  const idleBus: Bus = {
    publish: async () => undefined,
    publishAll: async () => undefined,
    subscribe: async () => ({ stop: async () => undefined }),
    observe: async () => ({ stop: async () => undefined }),
    close: async () => undefined,
  }

  it('counts events after the relay checkpoint and events missing from a consumer’s inbox, and the append latency', async () => {
    db = await createPgliteDatabase()
    const producer = new EventStore({ db, schema: 'donation', service: 'donation', definitions: sampleDefinitions })
    const consumerStore = new EventStore({ db, schema: 'audit', service: 'audit', definitions: sampleDefinitions, projections: [sumProjection()] })
    await producer.init()
    await consumerStore.init()
    const consumer = new ProjectionConsumer({ store: consumerStore, bus: idleBus, projections: [sumProjection()] })
    await consumer.setup()
    const types = new Map([['donation', [foreignSampleNoted.type]]])

    const appendsBefore = sample(await metricsFor('donation').registry.metrics(), 'eventstore_append_duration_seconds_count', {}) ?? 0
    const first = await producer.append('sample-1', [newEvent(foreignSampleNoted, { amount: 5 }), newEvent(foreignSampleNoted, { amount: 7 })], { expectedVersion: 0, metadata: testMetadata })
    const second = await producer.append('sample-2', [newEvent(foreignSampleNoted, { amount: 1 })], { expectedVersion: 0, metadata: testMetadata })
    expect(sample(await metricsFor('donation').registry.metrics(), 'eventstore_append_duration_seconds_count', { service: 'donation' })).toBe(appendsBefore + 2)

    expect(await countRelayLag(db, 'donation', 'outbox-relay')).toBe(3)
    const last = first[1]
    if (!last) throw new Error('sin eventos')
    await storeCheckpoint(db, 'donation', 'outbox-relay', { transactionId: last.transactionId, position: last.position })
    expect(await countRelayLag(db, 'donation', 'outbox-relay')).toBe(1)

    expect(await countConsumerLag(db, 'audit', types)).toBe(3)
    const scraped = await metricsFor('audit').registry.metrics()
    expect(sample(scraped, 'projection_consumer_lag_events', { service: 'audit', consumer: 'audit_projections' })).toBe(3)
    for (const event of [...first, ...second]) await consumer.receive(event)
    expect(await countConsumerLag(db, 'audit', types)).toBe(0)
    expect(sample(await metricsFor('audit').registry.metrics(), 'projection_consumer_lag_events', { consumer: 'audit_projections' })).toBe(0)
    // A producer whose log is not there is skipped rather than failing the scrape.
    expect(await countConsumerLag(db, 'audit', new Map([['identity', ['UserCreated']]]))).toBe(0)
  })
})
