import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, seedFullAdmin, startTestPlatform, uniqueEmail, type ApiInit, type Session, type TestPlatform } from './platform.ts'

type Actor = 'visitor' | 'role2' | 'role1None' | 'role1AdminRead' | 'role1AdminAll' | 'role1UserAll' | 'role0'
const actors: Actor[] = ['visitor', 'role2', 'role1None', 'role1AdminRead', 'role1AdminAll', 'role1UserAll', 'role0']

interface Targets {
  admin: Session
  user: Session
}

interface Case {
  name: string
  request: (targets: Targets) => { path: string; init?: Omit<ApiInit, 'token'> }
  /** Expected status per actor, in the order of `actors`. */
  expected: [number, number, number, number, number, number, number]
}

const same = { cause: 'Actualización', description: 'Revisión de permisos' }

/** Spec §5/§6 on the server, for every users endpoint: who gets what. */
const cases: Case[] = [
  { name: 'GET /api/users/', request: () => ({ path: '/api/users/' }), expected: [401, 403, 403, 403, 403, 200, 200] },
  { name: 'GET /api/users/admin/', request: () => ({ path: '/api/users/admin/' }), expected: [401, 403, 403, 200, 200, 403, 200] },
  { name: 'GET /api/users/{admin}', request: (t) => ({ path: `/api/users/${t.admin.id}` }), expected: [401, 403, 403, 200, 200, 403, 200] },
  { name: 'GET /api/users/{user}', request: (t) => ({ path: `/api/users/${t.user.id}` }), expected: [401, 403, 403, 403, 403, 200, 200] },
  { name: 'GET /api/users/edit/{admin}', request: (t) => ({ path: `/api/users/edit/${t.admin.id}` }), expected: [401, 403, 403, 403, 200, 403, 200] },
  { name: 'GET /api/users/edit/{user}', request: (t) => ({ path: `/api/users/edit/${t.user.id}` }), expected: [401, 403, 403, 403, 403, 200, 200] },
  { name: 'GET /api/modules', request: () => ({ path: '/api/modules' }), expected: [401, 403, 200, 200, 200, 200, 200] },
  {
    name: 'POST /api/users/ (role 1)',
    request: () => ({ path: '/api/users', init: { json: { name: 'Nuevo', lastName: 'Admin', email: uniqueEmail('matriz'), role: 1 } } }),
    expected: [401, 403, 403, 403, 201, 403, 201],
  },
  {
    name: 'POST /api/users/ (role 2)',
    request: () => ({ path: '/api/users', init: { json: { name: 'Nuevo', lastName: 'Usuario', email: uniqueEmail('matriz'), role: 2 } } }),
    expected: [401, 403, 403, 403, 403, 201, 201],
  },
  {
    name: 'PUT /api/users/{admin} (update)',
    request: (t) => ({
      path: `/api/users/${t.admin.id}`,
      init: { method: 'PUT', json: { payload: { name: 'Nombre', lastName: 'Apellido', email: t.admin.email, role: 1, permissions: [] }, historical: same } },
    }),
    expected: [401, 403, 403, 403, 200, 403, 200],
  },
  {
    name: 'PUT /api/users/{user} (update)',
    request: (t) => ({
      path: `/api/users/${t.user.id}`,
      init: { method: 'PUT', json: { payload: { name: 'Nombre', lastName: 'Apellido', email: t.user.email, role: 2 }, historical: same } },
    }),
    expected: [401, 403, 403, 403, 403, 200, 200],
  },
  {
    name: 'PUT /api/users/{user} (toggle)',
    request: (t) => ({
      path: `/api/users/${t.user.id}`,
      init: { method: 'PUT', json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Sigue activo' } } },
    }),
    expected: [401, 403, 403, 403, 403, 200, 200],
  },
  {
    name: 'PUT /api/users/{admin} (toggle)',
    request: (t) => ({
      path: `/api/users/${t.admin.id}`,
      init: { method: 'PUT', json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Sigue activo' } } },
    }),
    expected: [401, 403, 403, 403, 200, 403, 200],
  },
  {
    name: 'POST /api/users/{admin}/provisional-password',
    request: (t) => ({ path: `/api/users/${t.admin.id}/provisional-password`, init: { json: { historical: same } } }),
    expected: [401, 403, 403, 403, 200, 403, 200],
  },
  {
    name: 'POST /api/users/export (administrators)',
    request: (t) => ({ path: '/api/users/export', init: { json: { selection: [t.admin.id] } } }),
    expected: [401, 403, 403, 200, 200, 403, 200],
  },
  {
    name: 'POST /api/users/export (users)',
    request: (t) => ({ path: '/api/users/export', init: { json: { selection: [t.user.id] } } }),
    expected: [401, 403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /api/users/export (everything readable)',
    request: () => ({ path: '/api/users/export', init: { json: { selection: [] } } }),
    expected: [401, 403, 403, 200, 200, 200, 200],
  },
]

describe('permission matrix of the users endpoints', () => {
  let platform: TestPlatform
  const tokens = new Map<Actor, string | undefined>()
  let targets: Targets

  beforeAll(async () => {
    platform = await startTestPlatform()
    const root = await seedFullAdmin(platform)
    const all = { read: true, create: true, update: true }
    const sessions = {
      role2: await createSession(platform, root, { role: 2 }),
      role1None: await createSession(platform, root, { role: 1, permissions: [] }),
      role1AdminRead: await createSession(platform, root, { role: 1, permissions: [{ module: 'admin', read: true, create: false, update: false }] }),
      role1AdminAll: await createSession(platform, root, { role: 1, permissions: [{ module: 'admin', ...all }] }),
      role1UserAll: await createSession(platform, root, { role: 1, permissions: [{ module: 'user', ...all }] }),
    }
    tokens.set('visitor', undefined)
    for (const [actor, session] of Object.entries(sessions)) tokens.set(actor as Actor, session.token)
    tokens.set('role0', root.token)
    targets = {
      admin: await createSession(platform, root, { role: 1, permissions: [] }),
      user: await createSession(platform, root, { role: 2 }),
    }
  })
  afterAll(() => platform.stop())

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const seen: Record<string, number> = {}
      const wanted: Record<string, number> = {}
      for (const [index, actor] of actors.entries()) {
        const { path, init } = testCase.request(targets)
        const response = await platform.api(path, { ...init, token: tokens.get(actor) })
        seen[actor] = response.status
        wanted[actor] = testCase.expected[index]!
        if (response.status >= 400) expect(response.body).toMatchObject({ message: expect.any(String), description: expect.any(String) })
      }
      expect(seen).toEqual(wanted)
    })
  }

  it('the service checks sessions itself when called without the gateway', async () => {
    const base = platform.directory.urlsOf('identity')[0]!
    for (const testCase of cases) {
      const { path, init } = testCase.request(targets)
      const response = await fetch(`${base}${path}`, {
        method: init?.method ?? (init?.json ? 'POST' : 'GET'),
        headers: { 'content-type': 'application/json' },
        ...(init?.json ? { body: JSON.stringify(init.json) } : {}),
      })
      expect({ name: testCase.name, status: response.status }).toEqual({ name: testCase.name, status: 401 })
    }
    const role2 = await fetch(`${base}/api/users/admin/`, { headers: { authorization: `Bearer ${tokens.get('role2')}` } })
    expect(role2.status).toBe(403)
  })
})
