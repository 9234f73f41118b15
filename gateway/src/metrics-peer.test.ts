import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestHandler } from 'express'
import { createLogger, metricsFor, perService, startHttpServer, type RunningHttpServer } from '@donaciones/kit'
import { skipWithout } from '@donaciones/kit/testing'
import { createGatewayApp, gatewayRouteLabel, mayReadGatewayMetrics, type ServiceTarget } from './gateway-app.ts'

/** The gateway's metrics on its own, with stub services: route labels and who may read /metrics. */
describe('gateway metrics decisions', () => {
  it('labels requests by route table prefix, never by the ids in the path', () => {
    expect(gatewayRouteLabel('/api/public/campaigns/una-campana')).toBe('/api/public/campaigns')
    expect(gatewayRouteLabel('/api/public/campaigns/una-campana/visit')).toBe('/api/public/campaigns')
    expect(gatewayRouteLabel('/api/campaigns/66a1f0')).toBe('/api/campaigns')
    expect(gatewayRouteLabel('/api/counters')).toBe('/api/counters')
    expect(gatewayRouteLabel('/api/countersx')).toBe('/api (unmatched)')
    expect(gatewayRouteLabel('/campaigns/una-campana')).toBe('frontend')
    // No service prefix covers /metrics: it is never proxied to a service from the public side.
    expect(gatewayRouteLabel('/metrics')).toBe('/metrics')
  })

  it('lets only loopback peers read /metrics, and nobody on the public port when METRICS_PORT is set', () => {
    expect(mayReadGatewayMetrics('127.0.0.1', 'loopback')).toBe(true)
    expect(mayReadGatewayMetrics('::1', 'loopback')).toBe(true)
    expect(mayReadGatewayMetrics('::ffff:127.0.0.1', 'loopback')).toBe(true)
    expect(mayReadGatewayMetrics('203.0.113.9', 'loopback')).toBe(false)
    expect(mayReadGatewayMetrics('192.0.2.2', 'loopback')).toBe(false)
    expect(mayReadGatewayMetrics(undefined, 'loopback')).toBe(false)
    expect(mayReadGatewayMetrics('127.0.0.1', 'separate')).toBe(false)
  })
})

const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address

describe.skipIf(skipWithout(externalAddress ? undefined : 'esta máquina no tiene una dirección de red no local'))('gateway /metrics seen from a non-loopback peer', () => {
  let server: RunningHttpServer
  beforeAll(async () => {
    const ok: RequestHandler = (_req, res) => void res.json({ ok: true })
    const app = createGatewayApp({
      targets: perService((): ServiceTarget => ({ kind: 'local', handler: ok })),
      auth: { required: (_req, _res, next) => next(), optional: (_req, _res, next) => next() },
      logger: createLogger('test', { level: 'silent' }),
      trustProxy: true,
      metrics: metricsFor('gateway'),
    })
    server = await startHttpServer(app, { port: 0, host: externalAddress, shutdownTimeoutMs: 1000 })
  })
  afterAll(() => server?.close())

  it('answers 404 even when X-Forwarded-For claims loopback and trust proxy is on', async () => {
    const url = `http://${externalAddress}:${server.port}`
    expect((await fetch(`${url}/api/counters/visits`)).status).toBe(200)
    const response = await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { message: string }).message).toBe('Recurso no encontrado')
  })
})
