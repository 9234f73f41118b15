import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryCreated } from '@donaciones/contracts'
import { newEvent, startHttpServer, type RunningHttpServer } from '@donaciones/kit'
import type { EmbeddedPlatform } from '../src/embedded-platform.ts'
import { startTestSite, type TestSite } from '../../tests/support/site.ts'

/** The value of one series in the text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const labelText = line.slice(name.length + 1, line.indexOf('}'))
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('La condición no se cumplió a tiempo')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('metrics on the embedded platform', () => {
  let site: TestSite
  let platform: EmbeddedPlatform
  let audit: RunningHttpServer
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true })
    platform = site.platform
    audit = await startHttpServer(platform.runtimes.audit.app, { port: 0, shutdownTimeoutMs: 1000 })
  })
  afterAll(async () => {
    await audit?.close()
    await site?.stop()
  })

  const api = (path: string, init?: RequestInit) => fetch(`${platform.url}${path}`, init)
  const auditMetrics = async () => (await fetch(`${audit.url}/metrics`)).text()

  it('counts gateway requests by prefix and answers loopback scrapes judged by the socket, not X-Forwarded-For', async () => {
    await api('/api/counters/visits', { method: 'POST' })
    await api('/api/counters/visits')
    await api('/api/public/campaigns/campana-que-no-existe-123')

    const response = await api('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4')
    const text = await response.text()
    expect(sample(text, 'http_requests_total', { service: 'gateway', method: 'POST', route: '/api/counters', status: '200' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'http_requests_total', { service: 'gateway', method: 'GET', route: '/api/counters', status: '200' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'http_requests_total', { service: 'gateway', method: 'GET', route: '/api/public/campaigns' })).toBeGreaterThanOrEqual(1)
    expect(text).toContain('http_request_duration_seconds_bucket{')
    expect(text).not.toContain('campana-que-no-existe-123')
  })

  it('shows the service’s append latency and request patterns on its own /metrics', async () => {
    const before = sample(await auditMetrics(), 'eventstore_append_duration_seconds_count', { service: 'audit' }) ?? 0
    expect((await api('/api/counters/visits', { method: 'POST' })).status).toBe(200)
    const text = await auditMetrics()
    expect(sample(text, 'eventstore_append_duration_seconds_count', { service: 'audit' })).toBe(before + 1)
    expect(sample(text, 'http_requests_total', { service: 'audit', method: 'POST', route: '/api/counters/:name' })).toBeGreaterThanOrEqual(1)
  })

  it('reports a consumer’s lag behind the log and 0 once it caught up, and the relay’s lag', async () => {
    const lag = async () => sample(await auditMetrics(), 'projection_consumer_lag_events', { service: 'audit', consumer: 'audit_projections' })
    await waitFor(async () => (await lag()) === 0)

    const consumer = platform.runtimes.audit.consumer
    await consumer.stop()
    const campaign = platform.runtimes.campaign
    const categoryId = randomUUID()
    await campaign.context.store.append(
      `category-${categoryId}`,
      [newEvent(categoryCreated, { categoryId, title: 'Métricas', description: 'Categoría de prueba', active: true })],
      { expectedVersion: 0, metadata: { actor: null, correlationId: 'metricas' } },
    )
    const campaignMetrics = await startHttpServer(campaign.app, { port: 0, shutdownTimeoutMs: 1000 })
    try {
      await waitFor(async () => sample(await (await fetch(`${campaignMetrics.url}/metrics`)).text(), 'outbox_relay_lag_events', { service: 'campaign' }) === 0)
    } finally {
      await campaignMetrics.close()
    }
    expect(await lag()).toBe(1)

    await consumer.start()
    await waitFor(async () => (await lag()) === 0)
  })
})

describe('gateway with METRICS_PORT', () => {
  let site: TestSite
  let platform: EmbeddedPlatform
  beforeAll(async () => {
    site = await startTestSite({ metricsPort: 0 })
    platform = site.platform
  })
  afterAll(() => site?.stop())

  it('answers 404 on the public port and the metrics on the separate one', async () => {
    expect((await fetch(`${platform.url}/api/counters/visits`)).status).toBe(200)
    const refused = await fetch(`${platform.url}/metrics`)
    expect(refused.status).toBe(404)
    expect(refused.headers.get('content-type')).toContain('application/json')

    const metricsUrl = platform.metricsUrl
    if (!metricsUrl) throw new Error('Sin puerto de métricas')
    expect(metricsUrl).not.toBe(platform.url)
    const response = await fetch(`${metricsUrl}/metrics`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(sample(text, 'http_requests_total', { service: 'gateway', method: 'GET', route: '/api/counters', status: '200' })).toBeGreaterThanOrEqual(1)
    expect((await fetch(`${metricsUrl}/api/counters/visits`)).status).toBe(404)
  })
})
