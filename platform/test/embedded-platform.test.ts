import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, generateKeyPair } from 'jose'
import type { EmbeddedPlatform } from '../src/embedded-platform.ts'
import { startTestSite, type TestSite } from '../../tests/support/site.ts'

describe('embedded platform through the gateway', () => {
  let site: TestSite
  let platform: EmbeddedPlatform

  beforeAll(async () => {
    site = await startTestSite()
    platform = site.platform
  })
  afterAll(async () => {
    await site?.stop()
  })

  const api = (path: string, init?: RequestInit) => fetch(`${platform.url}${path}`, init)

  it('counts visits: 0, then 1 and 2, read back from the projection', async () => {
    expect(await (await api('/api/counters/visits')).json()).toEqual({ total: 0 })
    const first = await api('/api/counters/visits', { method: 'POST' })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ total: 1 })
    expect(await (await api('/api/counters/visits', { method: 'POST' })).json()).toEqual({ total: 2 })
    expect(await (await api('/api/counters/visits')).json()).toEqual({ total: 2 })
  })

  it('keeps the visit total exact under 50 concurrent posts', async () => {
    const before = ((await (await api('/api/counters/visits')).json()) as { total: number }).total
    const totals = await Promise.all(
      Array.from({ length: 50 }, async () => ((await (await api('/api/counters/visits', { method: 'POST' })).json()) as { total: number }).total),
    )
    expect(new Set(totals).size).toBe(50)
    expect(await (await api('/api/counters/visits')).json()).toEqual({ total: before + 50 })
  })

  it('starts donations and donors at 0', async () => {
    expect(await (await api('/api/counters/donations')).json()).toEqual({ total: 0 })
    expect(await (await api('/api/counters/donors')).json()).toEqual({ total: 0 })
  })

  it('answers an unknown counter with a Spanish 404', async () => {
    const response = await api('/api/counters/likes')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Contador no encontrado', description: 'Los contadores disponibles son visits, donations y donors' })
    expect((await api('/api/counters/likes', { method: 'POST' })).status).toBe(404)
  })

  it('refuses to increment the donation counters directly', async () => {
    const response = await api('/api/counters/donations', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(((await response.json()) as { message: string }).message).toBe('Este contador no se puede incrementar')
    expect(await (await api('/api/counters/donations')).json()).toEqual({ total: 0 })
  })

  it('answers unknown API paths with a Spanish 404 and serves the placeholder page elsewhere', async () => {
    const unknown = await api('/api/nothing-here')
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { message: string }).message).toBe('Recurso no encontrado')
    const page = await api('/campaigns/some-slug')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Plataforma de donaciones')
  })

  it('publishes the identity keys and refuses a forged token on a protected route', async () => {
    const jwks = (await (await api('/api/auth/jwks')).json()) as { keys: { kty: string; d?: string }[] }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]?.kty).toBe('EC')
    expect(jwks.keys[0]?.d).toBeUndefined()

    const missing = await api('/api/historical')
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as { message: string }).message).toBe('Sesión requerida')

    const { privateKey } = await generateKeyPair('ES256')
    const forged = await new SignJWT({ role: 0 }).setProtectedHeader({ alg: 'ES256', kid: 'forjada' }).setSubject('x').setExpirationTime('1h').sign(privateKey)
    const refused = await api('/api/historical', { headers: { authorization: `Bearer ${forged}` } })
    expect(refused.status).toBe(401)
  })

  it('echoes the request id and reports health', async () => {
    const response = await api('/api/counters/visits', { headers: { 'x-request-id': 'prueba-123' } })
    expect(response.headers.get('x-request-id')).toBe('prueba-123')
    expect((await api('/healthz')).status).toBe(200)
    expect(await (await api('/readyz')).json()).toEqual({ status: 'ok' })
  })
})
