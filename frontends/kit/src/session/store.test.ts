import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const tokenUser = { _id: 'u1', role: 1, active: true, changePassword: false, permissions: [], name: 'Ana', lastName: 'Pérez', thumbnail: null, picture: null, email: 'ana@fundacion.mx' }
const jwt = (body: object) => `${base64url({ alg: 'ES256' })}.${base64url(body)}.firma`
const validToken = jwt({ ...tokenUser, exp: Math.floor(Date.now() / 1000) + 3600 })
const record = (overrides: object = {}) => ({
  ...tokenUser,
  fullName: 'Ana Pérez',
  thumbnail: { path: '/api/files/f1/raw' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

type Route = (path: string) => { status: number; body: unknown }
let calls: string[] = []

function serve(route: Route) {
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(input)
    const { status, body } = route(input)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
}

/** An empty in-memory localStorage for the browser-side code. */
function stubLocalStorage() {
  const stored = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  })
}

/** A fresh store per test: the start-up runs once per page load. */
async function freshSession() {
  vi.resetModules()
  return (await import('./store.ts')).useSession
}

describe('session start-up (spec §4)', () => {
  beforeEach(() => {
    calls = []
    stubLocalStorage()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('logs out a stored token whose exp is before now, without asking the server for the user', async () => {
    localStorage.setItem('auth_token', jwt({ ...tokenUser, exp: Math.floor(Date.now() / 1000) - 60 }))
    serve(() => ({ status: 500, body: {} }))
    const session = await freshSession()
    await session.getState().start()
    expect(session.getState().status).toBe('anonymous')
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(calls.some((url) => url.includes('/users/'))).toBe(false)
  })

  it('keeps a valid token when the stored user is active and has the same role, with its current values', async () => {
    localStorage.setItem('auth_token', validToken)
    serve((url) => (url === '/api/users/u1' ? { status: 200, body: record({ name: 'Ana María' }) } : { status: 401, body: {} }))
    const session = await freshSession()
    await session.getState().start()
    expect(session.getState().status).toBe('authenticated')
    expect(session.getState().user).toMatchObject({ name: 'Ana María', thumbnail: '/api/files/f1/raw' })
  })

  it('drops the token of a deactivated or re-roled user, then tries the social session', async () => {
    for (const changed of [{ active: false }, { role: 2 }]) {
      calls = []
      localStorage.setItem('auth_token', validToken)
      serve((url) => (url === '/api/users/u1' ? { status: 200, body: record(changed) } : { status: 401, body: {} }))
      const session = await freshSession()
      await session.getState().start()
      expect(session.getState().status).toBe('anonymous')
      expect(localStorage.getItem('auth_token')).toBeNull()
      expect(calls).toContain('/api/oauth/login/check')
    }
  })

  it('signs in with the token and user of a social session check', async () => {
    const socialToken = jwt({ ...tokenUser, _id: 'u9', role: 2, exp: Math.floor(Date.now() / 1000) + 3600 })
    serve((url) => (url === '/api/oauth/login/check' ? { status: 200, body: { token: socialToken, user: { ...tokenUser, _id: 'u9', role: 2 } } } : { status: 401, body: {} }))
    const session = await freshSession()
    await session.getState().start()
    expect(session.getState().status).toBe('authenticated')
    expect(session.getState().user?._id).toBe('u9')
    expect(localStorage.getItem('auth_token')).toBe(socialToken)
  })

  it('stays anonymous on the check of a visitor without a pending social sign-in ({token: null, user: null})', async () => {
    serve((url) => (url === '/api/oauth/login/check' ? { status: 200, body: { token: null, user: null } } : { status: 500, body: {} }))
    const session = await freshSession()
    await session.getState().start()
    expect(calls).toEqual(['/api/oauth/login/check'])
    expect(session.getState().status).toBe('anonymous')
    expect(session.getState().user).toBeNull()
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('signs out through PUT /auth/logout/{id} and clears the token', async () => {
    serve(() => ({ status: 200, body: {} }))
    const session = await freshSession()
    session.getState().signIn(validToken)
    expect(session.getState().status).toBe('authenticated')
    await session.getState().signOut()
    expect(calls).toContain('/api/auth/logout/u1')
    expect(session.getState().status).toBe('anonymous')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })
})

describe('session start-up with a provisional password', () => {
  beforeEach(() => {
    stubLocalStorage()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the token without reading the record the server refuses to such a session', async () => {
    const provisional = jwt({ ...tokenUser, changePassword: true, exp: Math.floor(Date.now() / 1000) + 3600 })
    localStorage.setItem('auth_token', provisional)
    calls = []
    serve(() => ({ status: 403, body: { message: 'Cambie su contraseña' } }))
    const session = await freshSession()
    await session.getState().start()
    expect(session.getState().status).toBe('authenticated')
    expect(session.getState().user?.changePassword).toBe(true)
    expect(localStorage.getItem('auth_token')).toBe(provisional)
    expect(calls.some((url) => url.includes('/users/'))).toBe(false)
  })
})
