import { request, Agent } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express from 'express'
import { authenticate, createLogger, createTokenVerifier, IDLE_UPSTREAM_SOCKET_MS, KEEP_ALIVE_TIMEOUT_MS, perService, startHttpServer, type RunningHttpServer } from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'

function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }))
    })
      .on('error', reject)
      .end()
  })
}

/** Issue 8: a proxied request must not cost new TCP connections, to the service or from the client. */
describe('gateway proxy connections', () => {
  let service: RunningHttpServer
  let gateway: RunningHttpServer
  let serviceConnections = 0

  beforeAll(async () => {
    const app = express()
    app.get('/api/counters/visits', (_req, res) => {
      res.json({ total: 1 })
    })
    service = await startHttpServer(app, { port: 0 })
    service.server.on('connection', () => (serviceConnections += 1))
    const targets = perService((): ServiceTarget => ({ kind: 'remote', urls: [service.url] }))
    const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
    const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
    gateway = await startHttpServer(createGatewayApp({ targets, auth, logger: createLogger('test', { level: 'silent' }) }), { port: 0 })
  })

  afterAll(async () => {
    await gateway.close()
    await service.close()
  })

  it('keeps the connections to the service and to the client open between requests', async () => {
    const client = new Agent({ keepAlive: true, maxSockets: 1 })
    for (let index = 0; index < 5; index += 1) {
      const response = await get(`${gateway.url}/api/counters/visits`, client)
      expect(response.status).toBe(200)
      expect(response.connection).not.toBe('close')
    }
    client.destroy()
    expect(serviceConnections).toBe(1)
  })

  it('lets services keep idle connections longer than the proxy keeps them pooled', () => {
    // Otherwise a request may go out on a socket the service is closing at that instant (ECONNRESET → 503).
    expect(service.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
    expect(IDLE_UPSTREAM_SOCKET_MS).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS)
  })
})
