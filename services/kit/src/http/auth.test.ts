import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose'
import type { CryptoKey, JSONWebKeySet, JWK } from 'jose'
import { authenticate, createTokenVerifier, requirePermission, requireRole } from './auth.ts'
import type { AuthClaims } from './claims.ts'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

const ISSUER = 'donaciones-identity'
const AUDIENCE = 'donaciones'

interface KeyPair {
  privateKey: CryptoKey
  jwk: JWK
}

async function makeKey(kid: string): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } }
}

const baseClaims = {
  _id: 'u-1',
  role: 2,
  active: true,
  changePassword: false,
  permissions: [] as unknown[],
  name: 'Ana',
  lastName: 'López',
  email: 'ana@correo.mx',
  thumbnail: { path: '/files/ana.png' },
  picture: null,
}

interface SignOptions {
  key?: KeyPair
  expiresAt?: number | string
  issuer?: string
  subject?: string
}

let current: KeyPair

function sign(claims: Record<string, unknown> = {}, options: SignOptions = {}): Promise<string> {
  const key = options.key ?? current
  return new SignJWT({ ...baseClaims, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: key.jwk.kid! })
    .setSubject(options.subject ?? String(claims._id ?? baseClaims._id))
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? '1h')
    .sign(key.privateKey)
}

let server: TestServer
let published: JSONWebKeySet
let jwksLoads = 0

beforeAll(async () => {
  current = await makeKey('k1')
  published = { keys: [current.jwk] }
  const verifier = createTokenVerifier({
    jwks: async () => {
      jwksLoads += 1
      return structuredClone(published)
    },
    issuer: ISSUER,
    audience: AUDIENCE,
    reloadCooldownMs: 0,
  })
  const brokenVerifier = createTokenVerifier({ jwks: () => Promise.reject(new Error('identity caído')) })
  const required = authenticate({ verifier, required: true, isRevoked: async (claims) => claims._id === 'revocado' })

  server = await serveTestApp((app) => {
    const me = (req: { auth?: AuthClaims }, res: { json: (body: unknown) => void }) => res.json({ auth: req.auth ?? null })
    app.get('/me', required, me)
    app.get('/optional', authenticate({ verifier, required: false }), me)
    app.get('/chained', authenticate({ verifier, required: false }), required, me)
    app.get('/admin', required, requireRole(0, 1), me)
    app.get('/role-without-auth', requireRole(0), me)
    app.put('/campaigns/:id', required, requirePermission('campaign', 'update'), me)
    app.post('/reset-password', authenticate({ verifier, required: true, allowPasswordChange: true }), me)
    app.get('/broken-keys', authenticate({ verifier: brokenVerifier, required: true }), me)
    app.get('/broken-keys-optional', authenticate({ verifier: brokenVerifier, required: false }), me)
  })
})

afterAll(() => server.close())

async function call(path: string, token?: string, method = 'GET') {
  const res = await fetch(server.url + path, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers }
}

const INVALID = { message: 'Sesión inválida', description: 'Inicie sesión nuevamente' }

describe('authenticate (required)', () => {
  it('puts the validated claims of a valid token on req.auth, extra claims included', async () => {
    const { status, body } = await call('/me', await sign({ locale: 'es-MX' }))
    expect(status).toBe(200)
    expect(body.auth).toMatchObject({
      sub: 'u-1',
      _id: 'u-1',
      role: 2,
      active: true,
      changePassword: false,
      permissions: [],
      name: 'Ana',
      lastName: 'López',
      email: 'ana@correo.mx',
      thumbnail: { path: '/files/ana.png' },
      iss: ISSUER,
      locale: 'es-MX',
    })
  })

  it('fills _id from sub when the token only has sub', async () => {
    const { status, body } = await call('/me', await sign({ _id: undefined }, { subject: 'u-sub' }))
    expect(status).toBe(200)
    expect(body.auth).toMatchObject({ sub: 'u-sub', _id: 'u-sub' })
  })

  it('answers 401 in Spanish without a token', async () => {
    const { status, body, headers } = await call('/me')
    expect(status).toBe(401)
    expect(body).toEqual({ message: 'Sesión requerida', description: 'Inicie sesión para continuar' })
    expect(headers.get('www-authenticate')).toBe('Bearer')
  })

  it('answers 401 for an expired token', async () => {
    const token = await sign({}, { expiresAt: Math.floor(Date.now() / 1000) - 60 })
    const { status, body } = await call('/me', token)
    expect(status).toBe(401)
    expect(body).toEqual({ message: 'Sesión expirada', description: 'Inicie sesión nuevamente' })
  })

  it('answers 401 for a tampered token', async () => {
    const [header, payload, signature] = (await sign()).split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 0 })).toString('base64url')
    const { status, body } = await call('/me', `${header}.${forged}.${signature}`)
    expect(status).toBe(401)
    expect(body).toEqual(INVALID)
  })

  it('answers 401 for a token signed with another key under a known kid', async () => {
    const impostor = await makeKey('k1')
    const { status, body } = await call('/me', await sign({}, { key: impostor }))
    expect(status).toBe(401)
    expect(body).toEqual(INVALID)
  })

  it('answers 401 for an unsigned (alg none) token, a wrong issuer, garbage and a non-Bearer header', async () => {
    const unsigned = new UnsecuredJWT({ ...baseClaims, role: 0 })
      .setSubject('u-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('1h')
      .encode()
    expect((await call('/me', unsigned)).status).toBe(401)
    expect((await call('/me', await sign({}, { issuer: 'otro' }))).status).toBe(401)
    expect((await call('/me', 'no.es.token')).body).toEqual(INVALID)
    const basic = await fetch(`${server.url}/me`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(basic.status).toBe(401)
  })

  it('answers 401 for a correctly signed token whose claims are not an auth user', async () => {
    expect((await call('/me', await sign({ role: 7 }))).status).toBe(401)
    expect((await call('/me', await sign({ email: undefined }))).status).toBe(401)
  })

  it('answers 401 for a token without exp', async () => {
    const token = await new SignJWT(baseClaims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('u-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(current.privateKey)
    expect((await call('/me', token)).status).toBe(401)
  })

  it('answers 401 for a revoked token and for an inactive user', async () => {
    const revoked = await call('/me', await sign({ _id: 'revocado' }))
    expect(revoked.status).toBe(401)
    expect(revoked.body).toEqual(INVALID)
    const inactive = await call('/me', await sign({ active: false }))
    expect(inactive.status).toBe(401)
    expect(inactive.body).toEqual({ message: 'Usuario inactivo', description: 'Su cuenta está desactivada' })
  })

  it('re-checks revocation even after an optional authenticate() accepted the token', async () => {
    expect((await call('/chained', await sign())).status).toBe(200)
    expect((await call('/chained', await sign({ _id: 'revocado' }))).status).toBe(401)
  })

  it('lets a user who must change the password reach only routes that allow it', async () => {
    const token = await sign({ changePassword: true })
    const blocked = await call('/me', token)
    expect(blocked.status).toBe(403)
    expect(blocked.body).toEqual({ message: 'Cambio de contraseña requerido', description: 'Actualice su contraseña para continuar' })
    expect((await call('/reset-password', token, 'POST')).status).toBe(200)
  })

  it('answers 503, not 401, when the keys cannot be loaded', async () => {
    const { status, body } = await call('/broken-keys', await sign())
    expect(status).toBe(503)
    expect(body).toEqual({ message: 'Servicio no disponible', description: 'No fue posible verificar la sesión' })
  })
})

describe('authenticate (optional)', () => {
  it('is anonymous without a token or with a bad one, and authenticated with a good one', async () => {
    expect((await call('/optional')).body).toEqual({ auth: null })
    expect((await call('/optional', 'basura')).body).toEqual({ auth: null })
    expect((await call('/optional', await sign({}, { expiresAt: Math.floor(Date.now() / 1000) - 60 }))).body).toEqual({
      auth: null,
    })
    expect((await call('/broken-keys-optional', await sign())).body).toEqual({ auth: null })
    expect((await call('/optional', await sign())).body.auth).toMatchObject({ _id: 'u-1' })
  })
})

describe('JWKS loading', () => {
  it('caches the key set and reloads it when a token names an unknown key', async () => {
    const before = jwksLoads
    await call('/me', await sign())
    await call('/me', await sign())
    expect(jwksLoads).toBe(before)

    const rotated = await makeKey('k2')
    published = { keys: [current.jwk, rotated.jwk] }
    const { status, body } = await call('/me', await sign({}, { key: rotated }))
    expect(status).toBe(200)
    expect(body.auth).toMatchObject({ _id: 'u-1' })
    expect(jwksLoads).toBe(before + 1)
  })

  it('fetches a remote JWKS once and caches it', async () => {
    let fetches = 0
    const jwksServer = await serveTestApp((app) => {
      app.get('/.well-known/jwks.json', (_req, res) => {
        fetches += 1
        res.json({ keys: [current.jwk] })
      })
    })
    try {
      const verifier = createTokenVerifier({ jwks: `${jwksServer.url}/.well-known/jwks.json`, issuer: ISSUER, audience: AUDIENCE })
      await expect(verifier.verify(await sign())).resolves.toMatchObject({ _id: 'u-1', role: 2 })
      await expect(verifier.verify(await sign({ _id: 'u-2' }))).resolves.toMatchObject({ _id: 'u-2' })
      expect(fetches).toBe(1)
      await expect(verifier.verify(await sign({}, { key: await makeKey('k1') }))).rejects.toMatchObject({ status: 401 })
    } finally {
      await jwksServer.close()
    }
  })
})

describe('requireRole and requirePermission', () => {
  it('answers 403 in Spanish when the role is not allowed', async () => {
    const { status, body } = await call('/admin', await sign({ role: 2 }))
    expect(status).toBe(403)
    expect(body).toEqual({ message: 'Acceso denegado', description: 'No tiene permiso para realizar esta acción' })
    expect((await call('/admin', await sign({ role: 1 }))).status).toBe(200)
    expect((await call('/admin', await sign({ role: 0 }))).status).toBe(200)
  })

  it('answers 401 when no authenticate() ran before it', async () => {
    expect((await call('/role-without-auth', await sign({ role: 0 }))).status).toBe(401)
  })

  it('applies the per-module permissions of role 1', async () => {
    const entry = (update: boolean) => ({ module: { name: 'campaign', label: 'Campañas' }, read: true, create: false, update })
    const put = async (claims: Record<string, unknown>) => (await call('/campaigns/c1', await sign(claims), 'PUT')).status
    expect(await put({ role: 1, permissions: [entry(true)] })).toBe(200)
    expect(await put({ role: 1, permissions: [entry(false)] })).toBe(403)
    expect(await put({ role: 1, permissions: [{ ...entry(true), module: { name: 'category' } }] })).toBe(403)
    expect(await put({ role: 0 })).toBe(200)
    expect(await put({ role: 2, permissions: [entry(true)] })).toBe(403)
  })
})
