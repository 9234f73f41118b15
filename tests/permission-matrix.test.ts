import { afterAll, beforeAll, expect, it } from 'vitest'
import { moduleHasAction } from '@donaciones/contracts'
import { startProviderSim, type ProviderSim } from '../tools/provider-sim/index.ts'
import { campaignPayload, campaignRefs, createCampaign } from './campaign-admin/fixtures.ts'
import { cardDonationRequest, tokenizeCard } from './support/card-payments.ts'
import { activateAccount, configureSite, createAccount, forEachEngine, json, startTestSite, storedSecrets, wizardPayload, type Permission, type TestSite } from './support/site.ts'

type Caller = 'visitor' | 'role 2' | 'role 1 without the permission' | 'role 1 with the permission' | 'role 0'
const callers: Caller[] = ['visitor', 'role 2', 'role 1 without the permission', 'role 1 with the permission', 'role 0']

interface Case {
  name: string
  /** Who may: 'module' = role 0 and role 1 with the permission; 'admins' = roles 0 and 1; 'full' = role 0 only; 'everyone' = public. */
  allowed: 'module' | 'admins' | 'full' | 'everyone'
  /** What an allowed caller gets when it is not 2xx (a guard passed, then the record is missing). */
  allowedStatus?: number
  call(token: string | undefined, caller: Caller): Promise<Response>
}

/** Every action of every module but donations. */
const everyModule = (['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical'] as const).map(
  (module): Permission => ({ module, read: true, create: moduleHasAction(module, 'create'), update: moduleHasAction(module, 'update') }),
)

/** Every admin endpoint of the identity and content services, called as each kind of caller (spec §5, §6). */
forEachEngine('permission matrix of the identity and content endpoints', (engine) => {
  let site: TestSite
  const tokens = new Map<Caller, string | undefined>()
  const responses: string[] = []
  let memberId = ''
  let pageId = ''
  /** Administrators whose e-mail, password or state only someone holding all their permissions may change. */
  let outranking = ''
  let peer = ''
  let configurationUpdate: unknown

  beforeAll(async () => {
    site = await startTestSite({ engine })
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
    // Takeover rule: 'role 1 with the permission' holds every module but donations, so he lacks one
    // of `outranking`'s permissions and holds all of `peer`'s.
    outranking = (
      await createAccount(site, admin, {
        email: 'superior@fundacion.mx',
        role: 1,
        permissions: [{ module: 'campaign', read: true, create: true, update: true }, { module: 'donation', read: true, create: false, update: false }],
      })
    ).id
    peer = (await createAccount(site, admin, { email: 'par@fundacion.mx', role: 1, permissions: [{ module: 'campaign', read: true, create: false, update: false }] })).id

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
      donataria: { enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' },
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
    ...takeoverCases('outranking', 'full', () => outranking),
    ...takeoverCases('peer', 'module', () => peer),
    { name: 'POST /api/users/export', allowed: 'module', call: (token) => site.api('/api/users/export', { method: 'POST', token, json: { selection: [memberId] } }) },
    { name: 'GET /api/pages/', allowed: 'module', call: (token) => site.api('/api/pages/', { token }) },
    { name: 'GET /api/pages/{id}', allowed: 'module', call: (token) => site.api(`/api/pages/${pageId}`, { token }) },
    { name: 'PUT /api/pages/{id}', allowed: 'module', call: (token) => site.api(`/api/pages/${pageId}`, { method: 'PUT', token, json: { payload: { description: '<p>Quiénes somos</p>' }, historical } }) },
    { name: 'GET /api/configuration/edit', allowed: 'full', call: (token) => site.api('/api/configuration/edit', { token }) },
    { name: 'PUT /api/configuration', allowed: 'full', call: (token) => site.api('/api/configuration', { method: 'PUT', token, json: { payload: configurationUpdate, historical } }) },
  ]

  /**
   * Another administrator's e-mail, provisional password and deactivation (the takeover rule):
   * 'full' when the target holds a permission the role 1 caller lacks, 'module' when he holds
   * none. Deactivation comes last: role 0, the last caller, deactivates the target.
   */
  function takeoverCases(label: string, allowed: Case['allowed'], target: () => string): Case[] {
    let changes = 0
    return [
      {
        name: `PUT /api/users/{${label}} (e-mail)`,
        allowed,
        call: (token) => {
          changes += 1
          return site.api(`/api/users/${target()}`, {
            method: 'PUT',
            token,
            json: { payload: { name: 'Otra', lastName: 'Cuenta', email: `${label}${changes}@correo.mx`, role: 1, permissions: label === 'peer' ? [{ module: 'campaign', read: true, create: false, update: false }] : [{ module: 'campaign', read: true, create: true, update: true }, { module: 'donation', read: true, create: false, update: false }] }, historical },
          })
        },
      },
      { name: `POST /api/users/{${label}}/provisional-password`, allowed, call: (token) => site.api(`/api/users/${target()}/provisional-password`, { method: 'POST', token, json: { historical } }) },
      {
        name: `PUT /api/users/{${label}} (deactivation)`,
        allowed,
        call: (token) => site.api(`/api/users/${target()}`, { method: 'PUT', token, json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Baja' } } }),
      },
    ]
  }

  function expected(caseAllowed: Case['allowed'], caller: Caller): number | 'ok' {
    if (caseAllowed === 'everyone') return 'ok'
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

/**
 * Donations are a module of their own (`donation`, read only): every donation read endpoint with
 * donors' names, e-mails and phones needs role 0 or role 1 with donation read; reading campaigns
 * is not enough. The public totals stay public.
 */
forEachEngine('permission matrix of the donation read endpoints', (engine) => {
  let site: TestSite
  let sim: ProviderSim
  const tokens = new Map<Caller, string | undefined>()
  let donationId = ''

  beforeAll(async () => {
    sim = await startProviderSim()
    process.env.CONEKTA_API_URL = sim.conekta.baseUrl
    site = await startTestSite({ engine })
    const keys = { conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey }, paypal: { client: '', secret: '' } }
    const init = await site.api('/api/init', { method: 'POST', json: await wizardPayload(site, { keys, providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false } }) })
    if (init.status !== 200) throw new Error(`Configuración fallida: ${init.status} ${await init.text()}`)
    const admin = (await json<{ token: string }>(init)).token
    tokens.set('visitor', undefined)
    tokens.set('role 0', admin)
    const member = await createAccount(site, admin, { email: 'donante@correo.mx', role: 2 })
    tokens.set('role 2', await activateAccount(site, 'donante@correo.mx', member.provisional))
    // Reads (and even edits) campaigns, but not donations.
    const without = await createAccount(site, admin, { email: 'campanas@fundacion.mx', role: 1, permissions: [{ module: 'campaign', read: true, create: true, update: true }] })
    tokens.set('role 1 without the permission', await activateAccount(site, 'campanas@fundacion.mx', without.provisional))
    const reader = await createAccount(site, admin, { email: 'donaciones@fundacion.mx', role: 1, permissions: [{ module: 'donation', read: true, create: false, update: false }] })
    tokens.set('role 1 with the permission', await activateAccount(site, 'donaciones@fundacion.mx', reader.provisional))

    const campaign = await createCampaign(site, admin, campaignPayload(await campaignRefs(site, admin)))
    const donor = { index: 1, name: 'Donante Privada', email: 'privada@correo.mx' }
    const donation = await site.api('/api/donations/conekta', cardDonationRequest(donor, await tokenizeCard(sim), campaign._id, 150))
    if (donation.status !== 200 && donation.status !== 201) throw new Error(`Donación fallida: ${donation.status} ${await donation.text()}`)
    donationId = (await json<{ _id: string }>(donation))._id
    for (const started = Date.now(); Date.now() - started < 5000; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const page = await json<{ totalDocs: number }>(await site.api('/api/donations', { token: admin }))
      if (page.totalDocs === 1) break
    }
  }, 180_000)
  afterAll(async () => {
    await site?.stop()
    await sim?.close()
    delete process.env.CONEKTA_API_URL
  })

  const lists = ['/api/donations', '/api/donations/paypal', '/api/donations/conekta/card', '/api/donations/conekta/oxxo']
  const cases: Case[] = [
    ...lists.flatMap((path): Case[] => [
      { name: `GET ${path}`, allowed: 'module', call: (token) => site.api(path, { token }) },
      { name: `GET ${path}/counters/info`, allowed: 'module', call: (token) => site.api(`${path}/counters/info`, { token }) },
      { name: `GET ${path}/graph`, allowed: 'module', call: (token) => site.api(`${path}/graph`, { token }) },
    ]),
    { name: 'GET /api/donations/{id}', allowed: 'module', call: (token) => site.api(`/api/donations/${donationId}`, { token }) },
    // The card donation is not a PayPal one: whoever passes the guard learns only that (404).
    { name: 'GET /api/donations/paypal/{id}', allowed: 'module', allowedStatus: 404, call: (token) => site.api(`/api/donations/paypal/${donationId}`, { token }) },
    { name: 'POST /api/donations/export', allowed: 'module', call: (token) => site.api('/api/donations/export', { method: 'POST', token, json: { selection: [] } }) },
    { name: 'POST /api/donations/export (selection)', allowed: 'module', call: (token) => site.api('/api/donations/export', { method: 'POST', token, json: { selection: [donationId] } }) },
    // "Donadores mensuales": the list with its summary boxes, and its export.
    { name: 'GET /api/donations/monthly', allowed: 'module', call: (token) => site.api('/api/donations/monthly', { token }) },
    { name: 'GET /api/donations/monthly/export', allowed: 'module', call: (token) => site.api('/api/donations/monthly/export', { token }) },
    // "Recibos deducibles": the donors' tax data and their export need donation read.
    { name: 'GET /api/receipts', allowed: 'module', call: (token) => site.api('/api/receipts', { token }) },
    { name: 'GET /api/receipts?status=issued', allowed: 'module', call: (token) => site.api('/api/receipts?status=issued', { token }) },
    { name: 'GET /api/receipts/export', allowed: 'module', call: (token) => site.api('/api/receipts/export', { token }) },
    // Uploading a stamped receipt needs donation update, which the reader lacks: role 0 only here; its empty form is 422.
    {
      name: 'POST /api/receipts/{id}/stamped',
      allowed: 'full',
      allowedStatus: 422,
      call: (token) => site.api(`/api/receipts/${donationId}/stamped`, { method: 'POST', token, body: new FormData() }),
    },
    { name: 'GET /api/counters/donations (public)', allowed: 'everyone', call: (token) => site.api('/api/counters/donations', { token }) },
    { name: 'GET /api/counters/donors (public)', allowed: 'everyone', call: (token) => site.api('/api/counters/donors', { token }) },
  ]

  function expected(testCase: Case, caller: Caller): number | 'ok' {
    if (testCase.allowed === 'everyone') return 'ok'
    if (caller === 'visitor') return 401
    if (caller === 'role 2' || caller === 'role 1 without the permission') return 403
    if (testCase.allowed === 'full' && caller === 'role 1 with the permission') return 403
    return testCase.allowedStatus ?? 'ok'
  }

  for (const testCase of cases) {
    it(`${testCase.name}: visitor 401, role 2 403, role 1 with campaigns only 403, role 1 with donation read ${testCase.allowed === 'full' ? '403' : 'allowed'}, role 0 allowed`, async () => {
      const seen: Record<string, number | 'ok'> = {}
      const wanted: Record<string, number | 'ok'> = {}
      for (const caller of callers) {
        const response = await testCase.call(tokens.get(caller), caller)
        const body = Buffer.from(await response.arrayBuffer()).toString('utf8')
        wanted[caller] = expected(testCase, caller)
        seen[caller] = wanted[caller] === 'ok' && response.status >= 200 && response.status < 300 ? 'ok' : response.status
        // Refusals never leak a donor's details.
        if (response.status >= 400) expect(body).not.toMatch(/privada@correo\.mx|Donante Privada|5512345678/)
      }
      expect(seen).toEqual(wanted)
    })
  }

  it('the donors reach the allowed callers: the list and the detail carry the donor', async () => {
    for (const caller of ['role 0', 'role 1 with the permission'] as const) {
      const detail = await (await site.api(`/api/donations/${donationId}`, { token: tokens.get(caller) })).text()
      expect(detail).toContain('privada@correo.mx')
    }
  })
})
