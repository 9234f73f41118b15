import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express from 'express'
import { authenticate, createLogger, createTokenVerifier, startHttpServer, type RunningHttpServer } from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'
import { perService } from '@donaciones/kit'

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('gateway in front of remote services', () => {
  let gateway: RunningHttpServer
  let replicas: RunningHttpServer[]
  const hits: string[] = []

  beforeAll(async () => {
    replicas = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const app = express()
        app.get('/api/counters/:name', async (req, res) => {
          // A slow answer keeps every upstream connection busy, so the spike's requests queue for one.
          if (req.query.spike) await new Promise((done) => setTimeout(done, 100))
          hits.push(name)
          res.json({ replica: name, requestId: req.headers['x-request-id'], path: req.originalUrl })
        })
        app.post('/api/counters/:name', (_req, res) => {
          res.status(422).json({ message: 'Datos inválidos', description: 'prueba' })
        })
        return startHttpServer(app, { port: 0 })
      }),
    )
    const down = `http://127.0.0.1:${await closedPort()}`
    const targets = perService((service): ServiceTarget => ({ kind: 'remote', urls: service === 'audit' ? replicas.map((replica) => replica.url) : [down] }))
    const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
    const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
    gateway = await startHttpServer(createGatewayApp({ targets, auth, logger: createLogger('test', { level: 'silent' }) }), { port: 0 })
  })
  afterAll(async () => {
    await gateway.close()
    for (const replica of replicas) await replica.close()
  })

  it('spreads requests over the replicas and keeps path and request id', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => (await (await fetch(`${gateway.url}/api/counters/visits?x=${index}`, { headers: { 'x-request-id': `r${index}` } })).json()) as { replica: string; requestId: string; path: string }),
    )
    expect(new Set(bodies.map((body) => body.replica))).toEqual(new Set(['a', 'b']))
    expect(bodies[0]?.path).toBe('/api/counters/visits?x=0')
    expect(bodies.map((body) => body.requestId).sort()).toEqual(['r0', 'r1', 'r2', 'r3'])
  })

  it('answers a spike of 1,500 concurrent reads, more than its connections to each replica, each with its own request id', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 1500 }, async (_, index) => {
        const response = await fetch(`${gateway.url}/api/counters/visits?spike=${index}`, { headers: { 'x-request-id': `s${index}` } })
        expect(response.status).toBe(200)
        return (await response.json()) as { requestId: string }
      }),
    )
    expect(new Set(bodies.map((body) => body.requestId)).size).toBe(1500)
  })

  it('forwards client errors unchanged', async () => {
    const response = await fetch(`${gateway.url}/api/counters/visits`, { method: 'POST' })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ message: 'Datos inválidos', description: 'prueba' })
  })

  it('turns an unreachable service into a Spanish 503', async () => {
    const response = await fetch(`${gateway.url}/api/init`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: 'Servicio no disponible', description: 'El servicio no responde en este momento, intente de nuevo más tarde' })
  })
})
