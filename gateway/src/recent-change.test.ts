import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express, { type Express } from 'express'
import { authenticate, createLogger, createTokenVerifier, perService, recentChangeCookie, startHttpServer, type RunningHttpServer } from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'

/** A service answering a change, a refused change, a change with a cookie of its own, and a read. */
function service(): Express {
  const app = express()
  app.post('/api/public/campaigns/una/like', (_req, res) => {
    res.json({ likes: 1 })
  })
  app.delete('/api/counters/nada', (_req, res) => {
    res.status(204).end()
  })
  app.put('/api/counters/rechazado', (_req, res) => {
    res.status(422).json({ message: 'Datos inválidos', description: 'Revise los datos' })
  })
  app.post('/api/auth/login', (_req, res) => {
    res.cookie('propia', 'x', { httpOnly: true }).json({ ok: true })
  })
  app.get('/api/public/campaigns/una', (_req, res) => {
    res.json({ title: 'Una' })
  })
  return app
}

async function startGateway(target: 'local' | 'remote', publicUrl: string) {
  const upstream = target === 'remote' ? await startHttpServer(service(), { port: 0 }) : undefined
  const handler = service()
  const targets = perService((): ServiceTarget => (upstream ? { kind: 'remote', urls: [upstream.url] } : { kind: 'local', handler }))
  const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
  const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
  const gateway = await startHttpServer(createGatewayApp({ targets, auth, publicUrl, logger: createLogger('test', { level: 'silent' }) }), { port: 0 })
  return {
    gateway,
    async close() {
      await gateway.close()
      await upstream?.close()
    },
  }
}

describe.each(['remote', 'local'] as const)('the recent-change cookie, service %s', (target) => {
  let site: { gateway: RunningHttpServer; close(): Promise<void> }
  beforeAll(async () => {
    site = await startGateway(target, 'http://localhost:3000')
  })
  afterAll(() => site.close())

  const cookies = async (method: string, path: string) => {
    const response = await fetch(`${site.gateway.url}${path}`, { method })
    await response.arrayBuffer()
    return { status: response.status, cookies: response.headers.getSetCookie() }
  }
  const recentChange = `${recentChangeCookie}=1; Max-Age=2; Path=/; HttpOnly; SameSite=Lax`

  it('is set on the answer to a change the service accepted, and only there', async () => {
    expect(await cookies('POST', '/api/public/campaigns/una/like')).toEqual({ status: 200, cookies: [recentChange] })
    expect(await cookies('DELETE', '/api/counters/nada')).toEqual({ status: 204, cookies: [recentChange] })
    expect(await cookies('PUT', '/api/counters/rechazado')).toEqual({ status: 422, cookies: [] })
    expect(await cookies('GET', '/api/public/campaigns/una')).toEqual({ status: 200, cookies: [] })
    expect(await cookies('POST', '/api/no-existe')).toEqual({ status: 404, cookies: [] })
  })

  it("keeps the service's own cookies beside it", async () => {
    const { cookies: set } = await cookies('POST', '/api/auth/login')
    expect(set).toHaveLength(2)
    expect(set).toContain(recentChange)
    expect(set.some((cookie) => cookie.startsWith('propia=x;'))).toBe(true)
  })
})

describe('the recent-change cookie on an https site', () => {
  it('is Secure', async () => {
    const site = await startGateway('local', 'https://donaciones.example.mx')
    try {
      const response = await fetch(`${site.gateway.url}/api/public/campaigns/una/like`, { method: 'POST' })
      expect(response.headers.getSetCookie()).toEqual([`${recentChangeCookie}=1; Max-Age=2; Path=/; HttpOnly; SameSite=Lax; Secure`])
    } finally {
      await site.close()
    }
  })
})
