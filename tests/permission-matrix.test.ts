import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activateAccount, configureSite, createAccount, json, startTestSite, storedSecrets, type Permission, type TestSite } from './support/site.ts'

type Caller = 'visitor' | 'role 2' | 'role 1 without the permission' | 'role 1 with the permission' | 'role 0'
const callers: Caller[] = ['visitor', 'role 2', 'role 1 without the permission', 'role 1 with the permission', 'role 0']

interface Case {
  name: string
  /** Who may: 'module' = role 0 and role 1 with the permission; 'admins' = roles 0 and 1; 'full' = role 0 only. */
  allowed: 'module' | 'admins' | 'full'
  call(token: string | undefined, caller: Caller): Promise<Response>
}

const everyModule = (['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical'] as const).map(
  (module): Permission => ({ module, read: true, create: true, update: true }),
)

/** Every admin endpoint of the identity and content services, called as each kind of caller (spec §5, §6). */
describe('permission matrix of the identity and content endpoints', () => {
  let site: TestSite
  const tokens = new Map<Caller, string | undefined>()
  const responses: string[] = []
  let memberId = ''
  let pageId = ''
  let configurationUpdate: unknown

  beforeAll(async () => {
    site = await startTestSite()
    const admin = await configureSite(site)
    tokens.set('visitor', undefined)
    tokens.set('role 0', admin)
    // The target of the per-user endpoints is someone else: everyone may read his own record.
    memberId = (await createAccount(site, admin, { email: 'usuaria@correo.mx', role: 2 })).id
    const caller = await createAccount(site, admin, { email: 'visitante@correo.mx', role: 2 })
    tokens.set('role 2', await activateAccount(site, 'visitante@correo.mx', caller.provisional))
    const without = await createAccount(site, admin, { email: 'sin-permiso@fundacion.mx', role: 1, permissions: [{ module: 'campaign', read: true, create: false, update: false }] })
    tokens.set('role 1 without the permission', await activateAccount(site, 'sin-permiso@fundacion.mx', without.provisional))
    const withAll = await createAccount(site, admin, { email: 'con-permiso@fundacion.mx', role: 1, permissions: everyModule })
    tokens.set('role 1 with the permission', await activateAccount(site, 'con-permiso@fundacion.mx', withAll.provisional))

    const pages = await json<{ _id: string; name: string }[]>(await site.api('/api/pages/', { token: admin }))
    pageId = pages.find((page) => page.name === 'about-us')?._id ?? ''
    const edit = await json<Record<string, Record<string, unknown>>>(await site.api('/api/configuration/edit', { token: admin }))
    const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
    configurationUpdate = {
      settings: { name: 'Fundación Ejemplo', logo: idOf(edit.settings?.logo), gratitudeMessage: 'Gracias' },
      home: { showCounters: true, content: '<p>Misión</p>', image: idOf(edit.home?.image) },
      contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1' },
      mailer: { auth: { user: 'prueba' }, host: '127.0.0.1', port: site.mail.port },
      urls: {},
      providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
      keys: { conekta: { client: 'key_conekta_publica' }, paypal: { client: 'paypal-cliente' } },
    }
  }, 180_000)
  afterAll(() => site.stop())

  const historical = { cause: 'Actualización', description: 'Prueba de permisos' }
  let created = 0
  const cases: Case[] = [
    { name: 'GET /api/users/', allowed: 'module', call: (token) => site.api('/api/users/', { token }) },
    { name: 'GET /api/users/admin/', allowed: 'module', call: (token) => site.api('/api/users/admin/', { token }) },
    { name: 'GET /api/users/{id}', allowed: 'module', call: (token) => site.api(`/api/users/${memberId}`, { token }) },
    { name: 'GET /api/users/edit/{id}', allowed: 'module', call: (token) => site.api(`/api/users/edit/${memberId}`, { token }) },
    { name: 'GET /api/modules', allowed: 'admins', call: (token) => site.api('/api/modules', { token }) },
    {
      name: 'POST /api/users/',
      allowed: 'module',
      call: (token) => {
        created += 1
        return site.api('/api/users/', { method: 'POST', token, json: { name: 'Nueva', lastName: 'Persona', email: `nueva${created}@correo.mx`, role: 2, permissions: [] } })
      },
    },
    {
      name: 'PUT /api/users/{id}',
      allowed: 'module',
      call: (token) => site.api(`/api/users/${memberId}`, { method: 'PUT', token, json: { payload: { name: 'Usuaria', lastName: 'Editada', email: 'usuaria@correo.mx', role: 2, permissions: [] }, historical } }),
    },
    { name: 'POST /api/users/export', allowed: 'module', call: (token) => site.api('/api/users/export', { method: 'POST', token, json: { selection: [memberId] } }) },
    { name: 'GET /api/pages/', allowed: 'module', call: (token) => site.api('/api/pages/', { token }) },
    { name: 'GET /api/pages/{id}', allowed: 'module', call: (token) => site.api(`/api/pages/${pageId}`, { token }) },
    { name: 'PUT /api/pages/{id}', allowed: 'module', call: (token) => site.api(`/api/pages/${pageId}`, { method: 'PUT', token, json: { payload: { description: '<p>Quiénes somos</p>' }, historical } }) },
    { name: 'GET /api/configuration/edit', allowed: 'full', call: (token) => site.api('/api/configuration/edit', { token }) },
    { name: 'PUT /api/configuration', allowed: 'full', call: (token) => site.api('/api/configuration', { method: 'PUT', token, json: { payload: configurationUpdate, historical } }) },
  ]

  function expected(caseAllowed: Case['allowed'], caller: Caller): number | 'ok' {
    if (caller === 'visitor') return 401
    if (caller === 'role 0') return 'ok'
    if (caller === 'role 2') return 403
    if (caseAllowed === 'full') return 403
    if (caseAllowed === 'admins') return 'ok'
    return caller === 'role 1 with the permission' ? 'ok' : 403
  }

  for (const testCase of cases) {
    it(`${testCase.name}: visitor 401, role 2 403, role 1 by permission, role 0 allowed`, async () => {
      const seen: Record<string, number> = {}
      const wanted: Record<string, number | 'ok'> = {}
      for (const caller of callers) {
        const response = await testCase.call(tokens.get(caller), caller)
        const body = Buffer.from(await response.arrayBuffer()).toString('latin1')
        responses.push(body)
        seen[caller] = response.status
        wanted[caller] = expected(testCase.allowed, caller)
      }
      const normalised = Object.fromEntries(Object.entries(seen).map(([caller, status]) => [caller, wanted[caller] === 'ok' && status >= 200 && status < 300 ? 'ok' : status]))
      expect(normalised).toEqual(wanted)
    })
  }

  it('never shows a stored secret to anyone', async () => {
    expect(responses.length).toBe(cases.length * callers.length)
    const init = await (await site.api('/api/init')).text()
    for (const body of [...responses, init]) {
      for (const secret of storedSecrets) expect(body).not.toContain(secret)
    }
  })
})
