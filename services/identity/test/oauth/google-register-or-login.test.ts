import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tokenResponseSchema } from '@donaciones/contracts'
import { defaultFakeUser, type IdTokenOptions } from '../../../../tools/fake-oauth/index.ts'
import { allEnabled, startHarness, type Harness } from './test-harness.ts'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness.close())
beforeEach(() => {
  harness.resetUsers()
  harness.settings = allEnabled()
  harness.fake.setUser(defaultFakeUser)
})

/** What the spec's front end sends: identity fields plus (now) the Google ID token. */
const browserFields = {
  email: 'atacante@example.com',
  name: 'Mallory',
  lastName: 'Atacante',
  providerId: 'id-inventado',
  thumbnail: null,
  validated: true,
}

function post(body: unknown): Promise<Response> {
  return fetch(`${harness.url}/api/auth/google-register-or-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function withToken(options?: IdTokenOptions): Promise<Response> {
  return post({ ...browserFields, credential: await harness.fake.signGoogleIdToken(options) })
}

async function expectUnauthorized(response: Response): Promise<void> {
  expect(response.status).toBe(401)
  expect(await response.json()).toEqual({ message: 'Sesión inválida', description: 'No se pudo verificar su identidad con Google' })
  expect(harness.users.profiles).toHaveLength(0)
  expect(harness.users.issued).toHaveLength(0)
}

describe('POST /api/auth/google-register-or-login', () => {
  it('answers a token for a valid ID token, with the identity taken from the token only', async () => {
    const response = await withToken()
    expect(response.status).toBe(200)
    const { token } = tokenResponseSchema.parse(await response.json())
    expect(harness.users.issued).toEqual([{ userId: 'usuario-1', token }])
    expect(harness.users.profiles).toEqual([
      { provider: 'google', providerId: defaultFakeUser.id, email: defaultFakeUser.email, name: 'Ana', lastName: 'López', picture: defaultFakeUser.picture },
    ])
    expect(harness.users.users.get('usuario-1')?.role).toBe(2)
  })

  it('does not pass on an e-mail Google has not verified', async () => {
    const response = await withToken({ user: { ...defaultFakeUser, emailVerified: false } })
    expect(response.status).toBe(200)
    expect(harness.users.profiles[0]?.email).toBeNull()
  })

  it('refuses plain identity fields without an ID token', async () => {
    await expectUnauthorized(await post(browserFields))
    await expectUnauthorized(await post({ ...browserFields, credential: '' }))
  })

  it('refuses a token signed with a key Google does not publish', async () => {
    await expectUnauthorized(await withToken({ forged: true }))
  })

  it('refuses an expired token', async () => {
    await expectUnauthorized(await withToken({ expiresIn: -120 }))
  })

  it('refuses a token issued to another client (audience)', async () => {
    await expectUnauthorized(await withToken({ audience: 'otra-app.apps.example' }))
  })

  it('refuses a token from another issuer', async () => {
    await expectUnauthorized(await withToken({ issuer: 'https://accounts.example.com' }))
  })

  it('refuses an unsigned token and garbage', async () => {
    const valid = await harness.fake.signGoogleIdToken()
    const [, payload] = valid.split('.')
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    await expectUnauthorized(await post({ ...browserFields, credential: unsigned }))
    await expectUnauthorized(await post({ ...browserFields, credential: 'no-es-un-jwt' }))
  })

  it('answers 404 when Google sign-in is disabled or has no client id', async () => {
    const credential = await harness.fake.signGoogleIdToken()
    harness.settings = { ...allEnabled(), google: { enabled: false, client: allEnabled().google.client, secret: '' } }
    const disabled = await post({ ...browserFields, credential })
    expect(disabled.status).toBe(404)
    expect(await disabled.json()).toEqual({ message: 'Proveedor no disponible', description: 'El inicio de sesión con este proveedor no está habilitado' })
    harness.settings = { ...allEnabled(), google: { enabled: true, client: '', secret: '' } }
    expect((await post({ ...browserFields, credential })).status).toBe(404)
    expect(harness.users.issued).toHaveLength(0)
  })

  it('works with the client id alone (no secret is needed to verify an ID token)', async () => {
    harness.settings = { ...allEnabled(), google: { enabled: true, client: allEnabled().google.client, secret: '' } }
    expect((await withToken()).status).toBe(200)
  })
})
