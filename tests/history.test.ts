import { afterAll, beforeAll, expect, it } from 'vitest'
import { replayProjection } from '@donaciones/kit'
import { historyProjection } from '../services/audit/src/projections/history.ts'
import { activateAccount, configureSite, createAccount, forEachEngine, json, startTestSite, type TestSite } from './support/site.ts'

interface Entry {
  module: string
  document: string
  label: string
  title: string
  cause: string
  description: string
  createdAt: string
  createdBy: { _id: string; name: string; fullName: string } | null
}

/** Spec §2.5 history screens: every admin change of every service shows up with cause, justification and author. */
forEachEngine('change history through the gateway', (engine) => {
  let site: TestSite
  let admin: string
  let adminId: string

  beforeAll(async () => {
    site = await startTestSite({ engine })
    admin = await configureSite(site)
    adminId = (JSON.parse(Buffer.from(admin.split('.')[1] as string, 'base64url').toString()) as { _id: string })._id
  })
  afterAll(() => site.stop())

  async function entriesFor(module: string, document: string, count: number): Promise<Entry[]> {
    const started = Date.now()
    for (;;) {
      const list = await json<Entry[]>(await site.api(`/api/historical/?module=${module}&document=${document}`, { token: admin }))
      if (list.length >= count || Date.now() - started > 2000) return list
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  function expectChange(entry: Entry | undefined, cause: string, description: string) {
    expect(entry).toMatchObject({ cause, description, createdBy: { _id: adminId, name: 'Ana', fullName: 'Ana Pérez' } })
  }

  const change = (description: string) => ({ cause: 'Actualización', description })
  const off = (description: string) => ({ cause: 'Desactivación', description })

  it("attributes the setup wizard's first category and institution to the first administrator", async () => {
    const categories = await json<{ _id: string; title: string }[]>(await site.api('/api/categories/', { token: admin }))
    const institutions = await json<{ _id: string; name: string }[]>(await site.api('/api/institutions/', { token: admin }))
    const category = categories.find((record) => record.title === 'Salud')
    const institution = institutions.find((record) => record.name === 'Hospital Aliado')
    expect(category && institution).toBeTruthy()
    for (const [module, document] of [['category', category?._id], ['institution', institution?._id]] as const) {
      const creation = async () => (await json<Entry[]>(await site.api(`/api/historical/?module=${module}&document=${document}`, { token: admin }))).at(-1)
      await expect.poll(creation, { timeout: 30_000 }).toMatchObject({ cause: 'Creación', createdBy: { _id: adminId, name: 'Ana', fullName: 'Ana Pérez' } })
    }
  })

  it('records institution, category and campaign updates and toggles within 2 seconds', async () => {
    const institution = await json<{ _id: string }>(await site.api('/api/institutions', { method: 'POST', token: admin, json: { name: 'Casa Hogar', description: 'Albergue' } }))
    await site.api(`/api/institutions/${institution._id}`, { method: 'PUT', token: admin, json: { payload: { name: 'Casa Hogar Luz', description: 'Albergue' }, historical: change('Nombre completo') } })
    await site.api(`/api/institutions/${institution._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: off('Cerró') } })
    const institutionEntries = await entriesFor('institution', institution._id, 3)
    expect(institutionEntries.map((entry) => entry.cause)).toEqual(['Desactivación', 'Actualización', 'Creación'])
    expectChange(institutionEntries[0], 'Desactivación', 'Cerró')
    expectChange(institutionEntries[1], 'Actualización', 'Nombre completo')
    expect(institutionEntries[0]).toMatchObject({ label: 'Institución', title: 'Casa Hogar Luz' })

    const category = await json<{ _id: string }>(await site.api('/api/categories', { method: 'POST', token: admin, json: { title: 'Alimentos', description: 'Despensas' } }))
    await site.api(`/api/categories/${category._id}`, { method: 'PUT', token: admin, json: { payload: { title: 'Alimentación', description: 'Despensas' }, historical: change('Mejor título') } })
    expectChange((await entriesFor('category', category._id, 2))[0], 'Actualización', 'Mejor título')

    const thumbnail = await site.upload(admin)
    const body = {
      title: 'Despensas navideñas', description: 'Para 100 familias', goal: 20_000, duration: 30, date: '2026-12-01', thumbnail,
      categories: [category._id], institution: null, content: '<p>Ayuda</p>', visibility: { counter: true, countdown: true, comments: true },
    }
    const campaign = await json<{ _id: string }>(await site.api('/api/campaigns', { method: 'POST', token: admin, json: body }))
    await site.api(`/api/campaigns/${campaign._id}`, { method: 'PUT', token: admin, json: { payload: { ...body, goal: 25_000 }, historical: change('Meta mayor') } })
    await site.api(`/api/campaigns/${campaign._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: off('Terminó') } })
    const campaignEntries = await entriesFor('campaign', campaign._id, 3)
    expect(campaignEntries.map((entry) => [entry.cause, entry.description])).toEqual([
      ['Desactivación', 'Terminó'],
      ['Actualización', 'Meta mayor'],
      ['Creación', ''],
    ])
    expect(campaignEntries[0]).toMatchObject({ label: 'Campaña', title: 'Despensas navideñas' })
  })

  it('records user, page and configuration changes', async () => {
    const account = await createAccount(site, admin, { email: 'historia@correo.mx', role: 2 })
    await site.api(`/api/users/${account.id}`, {
      method: 'PUT',
      token: admin,
      json: { payload: { name: 'Rosa', lastName: 'Díaz', email: 'historia@correo.mx', role: 2, permissions: [] }, historical: change('Nombre correcto') },
    })
    expectChange((await entriesFor('user', account.id, 2))[0], 'Actualización', 'Nombre correcto')

    const pages = await json<{ _id: string; name: string }[]>(await site.api('/api/pages/', { token: admin }))
    const terms = pages.find((page) => page.name === 'terms-and-conditions')?._id as string
    await site.api(`/api/pages/${terms}`, { method: 'PUT', token: admin, json: { payload: { description: '<p>Nuevos términos</p>' }, historical: change('Revisión legal') } })
    expectChange((await entriesFor('page', terms, 2))[0], 'Actualización', 'Revisión legal')

    const configuration = await json<{ _id: string; settings: { logo: unknown }; home: { image: unknown } }>(await site.api('/api/configuration/edit', { token: admin }))
    expect((await entriesFor('configuration', configuration._id, 1)).at(-1)?.cause).toBe('Creación')
    const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
    const updated = await site.api('/api/configuration', {
      method: 'PUT',
      token: admin,
      json: {
        payload: {
          settings: { name: 'Fundación Ejemplo A.C.', logo: idOf(configuration.settings.logo), gratitudeMessage: 'Gracias' },
          home: { showCounters: false, content: '<p>Misión</p>', image: idOf(configuration.home.image) },
          contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1' },
          mailer: { auth: { user: 'prueba' }, host: '127.0.0.1', port: site.mail.port },
          urls: {},
          providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
          keys: { conekta: { client: 'key_conekta_publica' }, paypal: { client: 'paypal-cliente' } },
        },
        historical: change('Nombre legal'),
      },
    })
    expect(updated.status).toBe(200)
    const configurationEntries = await entriesFor('configuration', configuration._id, 2)
    expectChange(configurationEntries[0], 'Actualización', 'Nombre legal')
    expect(configurationEntries[0]).toMatchObject({ label: 'Configuración', title: 'Fundación Ejemplo A.C.' })
  })

  it('lists the changes of a day and of an author, readable by role 0 and role 1 with the permission only', async () => {
    const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
    const day = await json<Entry[]>(await site.api(`/api/historical/?date=${today}`, { token: admin }))
    expect(day.length).toBeGreaterThanOrEqual(10)
    expect(await json<Entry[]>(await site.api('/api/historical/?date=2001-01-01', { token: admin }))).toEqual([])
    expect((await site.api('/api/historical/?date=ayer', { token: admin })).status).toBe(422)

    const byAuthor = await json<{ list: Entry[]; user: { _id: string; fullName: string; role: number } }>(await site.api(`/api/historical/user/${adminId}`, { token: admin }))
    expect(byAuthor.user).toMatchObject({ _id: adminId, fullName: 'Ana Pérez', role: 0 })
    expect(byAuthor.list.length).toBeGreaterThanOrEqual(8)
    expect(byAuthor.list.every((entry) => entry.createdBy?._id === adminId)).toBe(true)

    const reader = await createAccount(site, admin, { email: 'auditora@fundacion.mx', role: 1, permissions: [{ module: 'historical', read: true, create: false, update: false }] })
    const other = await createAccount(site, admin, { email: 'otra@fundacion.mx', role: 1, permissions: [{ module: 'pages', read: true, create: false, update: false }] })
    const member = await createAccount(site, admin, { email: 'socia@correo.mx', role: 2 })
    expect((await site.api('/api/historical/', { token: await activateAccount(site, 'auditora@fundacion.mx', reader.provisional) })).status).toBe(200)
    expect((await site.api('/api/historical/', { token: await activateAccount(site, 'otra@fundacion.mx', other.provisional) })).status).toBe(403)
    expect((await site.api('/api/historical/', { token: await activateAccount(site, 'socia@correo.mx', member.provisional) })).status).toBe(403)
    expect((await site.api('/api/historical/')).status).toBe(401)
  })

  it('replays the history to the identical list', async () => {
    const before = await (await site.api('/api/historical/', { token: admin })).text()
    const audit = site.platform.runtimes.audit.context
    await replayProjection({ store: audit.store, projection: historyProjection })
    expect(await (await site.api('/api/historical/', { token: admin })).text()).toBe(before)
  })
})
