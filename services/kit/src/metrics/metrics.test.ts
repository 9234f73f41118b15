import { afterAll, describe, expect, it } from 'vitest'
import express from 'express'
import { createLogger } from '../http/logger.ts'
import { createServiceApp, finishServiceApp, startHttpServer, type RunningHttpServer } from '../http/server.ts'
import { isLoopbackPeer } from './http.ts'
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

describe('lag gauges on scrape', () => {
  it('a lag that cannot be read (its database closed) leaves its gauge as it was and the scrape whole', async () => {
    const metrics = metricsFor('metricas-lag-prueba')
    metrics.setRelayLag(async () => 4)
    metrics.setConsumerLag('prueba_projections', async () => 2)
    expect(sample(await metrics.registry.metrics(), 'outbox_relay_lag_events', {})).toBe(4)

    metrics.setRelayLag(() => Promise.reject(new Error('PGlite is closed')))
    metrics.setConsumerLag('prueba_projections', () => Promise.reject(new Error('PGlite is closed')))
    metrics.observeAppend(0.002)
    const text = await metrics.registry.metrics()
    expect(sample(text, 'outbox_relay_lag_events', {})).toBe(4)
    expect(sample(text, 'projection_consumer_lag_events', { consumer: 'prueba_projections' })).toBe(2)
    expect(sample(text, 'eventstore_append_duration_seconds_count', {})).toBe(1)
  })
})
