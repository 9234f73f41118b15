import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeyPair, importJWK, SignJWT, UnsecuredJWT, type JWK } from 'jose'
import type { ServiceName } from '@donaciones/contracts'
import { configureSite, startTestSite, type TestSite } from '../support/site.ts'

/**
 * Issue 8 'Security checks': forged, expired, `alg: none`, wrong-key, tampered and garbage JWTs are
 * refused with a Spanish 401 by the gateway AND by each service answered directly on its own
 * loopback listener (embedded mode serves every service app on an internal port, the one service
 * calls use), so the service's own authentication is checked, not only the gateway's.
 */

interface Target {
  service: ServiceName
  path: string
}

/** One required route per service. */
const targets: Target[] = [
  { service: 'identity', path: '/api/users' },
  { service: 'campaign', path: '/api/institutions' },
  { service: 'donation', path: '/api/donations' },
  { service: 'audit', path: '/api/historical' },
  { service: 'content', path: '/api/configuration/edit' },
]

let site: TestSite
let realToken: string
const forged: Record<string, string> = {}

function serviceUrl(service: ServiceName): string {
  const url = site.platform.runtimes[service].context.directory.urlsOf(service)[0]
  if (!url) throw new Error(`Sin dirección interna para ${service}`)
  return url
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
}

beforeAll(async () => {
  site = await startTestSite()
  realToken = await configureSite(site)
  const [headerPart = '', payloadPart = '', signature = ''] = realToken.split('.')
  const header = decodePart(headerPart)
  const payload = decodePart(payloadPart)
  const kid = String(header.kid)

  // The identity service's real private key, as embedded mode keeps it in its schema.
  const stored = await site.platform.runtimes.identity.context.db.query<{ private_jwk: JWK }>(
    'select private_jwk from identity.signing_keys order by created_at desc limit 1',
  )
  const realJwk = stored.rows[0]?.private_jwk
  if (!realJwk) throw new Error('Sin llave de firma en identity.signing_keys')
  const realKey = await importJWK(realJwk, 'ES256')

  const now = Math.floor(Date.now() / 1000)
  const claims = { ...payload }
  delete claims.exp
  delete claims.iat

  const other = await generateKeyPair('ES256')
  forged['otra llave con el kid real'] = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(other.privateKey)
  forged['otra llave con kid desconocido'] = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'forjada' }).setIssuedAt().setExpirationTime('1h').sign(other.privateKey)
  forged['expirada con la llave real'] = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(realKey)
  forged['sin exp con la llave real'] = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setIssuedAt().sign(realKey)
  forged['alg none'] = new UnsecuredJWT({ ...claims, exp: now + 3600 }).encode()
  forged['alg none con kid real'] = `${b64url({ alg: 'none', kid, typ: 'JWT' })}.${payloadPart}.`
  forged['alg none con la firma real'] = `${b64url({ alg: 'none', kid, typ: 'JWT' })}.${payloadPart}.${signature}`
  forged['HS256 con la llave pública como secreto'] = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JSON.stringify({ kty: realJwk.kty, crv: realJwk.crv, x: realJwk.x, y: realJwk.y })))
  forged['carga alterada conservando la firma'] = `${headerPart}.${b64url({ ...payload, role: 0, email: 'intruso@correo.mx', _id: 'intruso', sub: 'intruso' })}.${signature}`
  forged['exp extendida conservando la firma'] = `${headerPart}.${b64url({ ...payload, exp: now + 10 * 365 * 86400 })}.${signature}`
  forged['firma truncada'] = `${headerPart}.${payloadPart}.${signature.slice(0, -4)}`
  forged['sin firma'] = `${headerPart}.${payloadPart}.`
  forged['basura'] = 'esto-no-es-un-token'
  forged['basura con puntos'] = 'a.b.c'
})

afterAll(async () => {
  await site?.stop()
})

function get(base: string, path: string, token?: string): Promise<Response> {
  return fetch(`${base}${path}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })
}

async function expectSpanish401(response: Response, label: string): Promise<void> {
  const body = (await response.json()) as { message?: unknown }
  expect(response.status, label).toBe(401)
  expect(typeof body.message, label).toBe('string')
  // One of the platform's Spanish session messages, never an English library error.
  expect(['Sesión inválida', 'Sesión expirada', 'Sesión requerida'], label).toContain(body.message)
}

describe('JWT forgery through the gateway', () => {
  it('a real token is accepted on every required route (control)', async () => {
    for (const { path } of targets) {
      const response = await get(site.platform.url, path, realToken)
      expect(response.status, path).toBe(200)
    }
  })

  it('every forged token is refused with a Spanish 401 on every required route', async () => {
    expect(Object.keys(forged).length).toBeGreaterThanOrEqual(10)
    for (const { path } of targets) {
      for (const [name, token] of Object.entries(forged)) {
        await expectSpanish401(await get(site.platform.url, path, token), `${path} · ${name}`)
      }
      await expectSpanish401(await get(site.platform.url, path), `${path} · sin token`)
    }
  })

  it('an expired token signed with the real key says the session expired', async () => {
    const response = await get(site.platform.url, '/api/users', forged['expirada con la llave real'])
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toBe('Sesión expirada')
  })
})

describe('JWT forgery against each service directly (its own loopback listener, no gateway)', () => {
  it('a real token is accepted by each service directly (control)', async () => {
    for (const { service, path } of targets) {
      const response = await get(serviceUrl(service), path, realToken)
      expect(response.status, `${service} ${path}`).toBe(200)
    }
  })

  it('every forged token is refused with a Spanish 401 by each service directly', async () => {
    for (const { service, path } of targets) {
      const base = serviceUrl(service)
      expect(base).not.toBe(site.platform.url)
      for (const [name, token] of Object.entries(forged)) {
        await expectSpanish401(await get(base, path, token), `${service} ${path} · ${name}`)
      }
      await expectSpanish401(await get(base, path), `${service} ${path} · sin token`)
    }
  })
})
