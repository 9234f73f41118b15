import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configurationCreated } from '@donaciones/contracts'
import { ident, isEvent } from '@donaciones/kit'
import { client, leakedSecrets, SECRETS, upload, wizardPayload, type Api } from './support/fixtures.ts'
import { startContentHarness, type ContentHarness } from './support/harness.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

describe('setup wizard: GET and POST /api/init', () => {
  let harness: ContentHarness
  let api: Api
  const seen: string[] = []
  let files: { logo: string; image: string; thumbnail: string }

  beforeAll(async () => {
    harness = await startContentHarness()
    api = client(harness.url, seen)
    files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
  })
  afterAll(() => harness.stop())

  const countRows = async (table: string) =>
    Number((await harness.db.query<{ n: string }>(`select count(*) as n from ${ident('content')}.${table}`)).rows[0]?.n)

  it('says not configured before setup', async () => {
    const response = await api('/api/init')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ configured: false })
  })

  it('validates the whole payload before creating anything (Spanish messages)', async () => {
    const payload = wizardPayload(files)
    const bad = {
      ...payload,
      institution: { name: 'a'.repeat(41), description: '' },
      user: { ...payload.user, confirmation: 'otra-Contra1' },
      contact: { ...payload.contact, email: 'no-es-correo' },
    }
    const response = await api<ErrorBody>('/api/init', { json: bad })
    expect(response.status).toBe(422)
    expect(response.body.message).toBe('Datos inválidos')
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'institution.name', message: 'El máximo de caracteres es de 40' },
        { path: 'institution.description', message: 'Campo requerido' },
        { path: 'user.confirmation', message: 'Las contraseñas no coinciden' },
        { path: 'contact.email', message: 'Correo electrónico inválido' },
      ]),
    )
    const { mailer: _mailer, ...withoutMailer } = payload
    const missing = await api<ErrorBody>('/api/init', { json: withoutMailer })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual([{ path: 'mailer', message: 'Campo requerido' }])
    expect(harness.campaign.calls).toEqual([])
    expect(harness.identity.calls).toEqual([])
  })

  it('refuses file ids that name no upload, and mission text that is empty once sanitised', async () => {
    const payload = wizardPayload({ ...files, logo: 'no-existe' })
    const response = await api<ErrorBody>('/api/init', { json: { ...payload, home: { ...payload.home, content: '<script>x()</script>' } } })
    expect(response.status).toBe(422)
    expect(response.body.errors).toEqual([
      { path: 'home.content', message: 'Campo requerido' },
    ])
    const logo = await api<ErrorBody>('/api/init', { json: payload })
    expect(logo.status).toBe(422)
    expect(logo.body.errors).toEqual([{ path: 'settings.logo', message: 'Archivo no encontrado' }])
    expect(harness.campaign.calls).toEqual([])
  })

  it('creates no catalog when the administrator cannot be created, leaving nothing behind', async () => {
    const { token: _t, user: other } = await harness.identity.tokenFor(2)
    const payload = wizardPayload(files)
    const response = await api<ErrorBody>('/api/init', { json: { ...payload, user: { ...payload.user, email: other.email } } })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('Registro ya existente')
    // The administrator comes first; the undo still asks both services.
    expect(harness.campaign.calls).toHaveLength(1)
    expect(harness.campaign.calls[0]).toMatch(/^DELETE /)
    expect(harness.campaign.catalogs.size).toBe(0)
    expect(harness.identity.admins()).toEqual([])
    expect((await api('/api/init')).body).toEqual({ configured: false })
    expect(await countRows('configuration')).toBe(0)
    expect(await countRows('pages')).toBe(0)
    expect(await countRows('config_secrets')).toBe(0)
    const types = (await harness.events()).map((event) => event.type)
    expect(types.filter((type) => !['FileUploaded'].includes(type))).toEqual(['SetupStarted', 'SetupFailed'])
  })

  it('a retry of the same request after a failed undo reuses the setup and creates no duplicates', async () => {
    harness.campaign.calls.length = 0
    harness.identity.calls.length = 0
    harness.campaign.failSetup = 1
    harness.identity.failDelete = 1
    const payload = wizardPayload(files)
    const failed = await api<ErrorBody>('/api/init', { json: payload })
    expect(failed.status).toBe(500)
    expect(harness.identity.admins()).toHaveLength(1) // the undo failed: the administrator is still there
    const firstSetupId = harness.identity.calls[0]!.split(' ')[1]

    const retried = await api<{ token: string; user: { _id: string; role: number; email: string } }>('/api/init', { json: payload })
    expect(retried.status).toBe(200)
    expect(harness.campaign.catalogs.size).toBe(1)
    expect([...harness.campaign.catalogs.keys()]).toEqual([firstSetupId])
    expect(harness.identity.admins()).toHaveLength(1)
    // The first category and institution are created by the first administrator.
    expect(harness.campaign.catalogs.get(firstSetupId as string)?.actor).toBe(harness.identity.admins()[0]!._id)
    expect(retried.body.user).toMatchObject({ role: 0, email: 'ana@ayuda.mx', name: 'Ana', lastName: 'Pérez', active: true, thumbnail: null, picture: null })
    expect(retried.body.user._id).toBe(harness.identity.admins()[0]!._id)
    expect(typeof retried.body.token).toBe('string')
    // The administrator's token works on this service.
    const edit = await api('/api/configuration/edit', { token: retried.body.token })
    expect(edit.status).toBe(200)
  })

  it('answers the public configuration once configured: public keys only, legal pages sanitised', async () => {
    const response = await api<Record<string, unknown>>('/api/init')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      configured: true,
      settings: { name: 'Fundación Ayuda', logo: { _id: files.logo, path: `/api/files/${files.logo}/raw` }, gratitudeMessage: 'Gracias por tu apoyo' },
      home: { showCounters: true, content: '<p>Nuestra <strong>misión</strong></p>', image: { _id: files.image, path: `/api/files/${files.image}/raw` } },
      contact: { email: 'contacto@ayuda.mx', phone: '+52 55 1234 5678', address: 'Av. Reforma 1, CDMX' },
      urls: { facebook: 'https://facebook.com/ayuda', twitter: '', instagram: '' },
      providers: { google: true, facebook: false, twitter: false, conekta: true, paypal: false },
      clients: { conekta: 'key_pub_conekta', paypal: null, google: 'google-client-id' },
      pages: { terms: '<h2>Términos</h2><p>Texto</p>', notice: '<p>Aviso de <a>privacidad</a></p>' },
      donations: { maxAmount: 100_000 },
      receipts: { deductible: false },
      scripts: { conektaTokenizer: 'https://cdn.conekta.io/js/latest/conekta.js', paypalSdk: 'https://www.paypal.com/sdk/js' },
    })
  })

  it('creates the three static pages (about-us from the sanitised mission)', async () => {
    const about = await api<{ name: string; title: string; description: string }>('/api/public/pages/about-us')
    expect(about.status).toBe(200)
    expect(about.body).toEqual({ name: 'about-us', title: 'Nosotros', description: '<p>Nuestra <strong>misión</strong></p>' })
    expect((await api('/api/public/pages/notice-of-privacy')).status).toBe(200)
    expect((await api('/api/public/pages/terms-and-conditions')).status).toBe(200)
    expect(await countRows('pages')).toBe(3)
  })

  it('answers a second setup with 409 Registro ya existente and calls nobody', async () => {
    const calls = harness.campaign.calls.length
    const again = await api<ErrorBody>('/api/init', { json: wizardPayload(files) })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Registro ya existente', description: 'El sitio ya está configurado' })
    expect(harness.campaign.calls.length).toBe(calls)
  })

  it('records the setup as events with the actor, and never a secret', async () => {
    const events = await harness.events()
    const created = events.find((event) => isEvent(configurationCreated, event))!
    const admin = harness.identity.admins()[0]!
    expect(created.metadata.actor).toBe(admin._id)
    expect(created.data.secretsChanged.sort()).toEqual(['conekta', 'google', 'mailer', 'paypal', 'productKey'])
    expect(events.filter((event) => event.type === 'PageCreated')).toHaveLength(3)
    expect(events.filter((event) => event.type === 'SetupCompleted')).toHaveLength(1)
    expect(leakedSecrets(events.map((event) => JSON.stringify(event)))).toEqual([])
  })

  it('keeps the secrets encrypted at rest', async () => {
    const { rows } = await harness.db.query<{ name: string; sealed: string }>(`select name, sealed from content.config_secrets`)
    expect(rows.map((row) => row.name).sort()).toEqual(['conekta', 'google', 'mailer', 'paypal', 'productKey'])
    expect(leakedSecrets(rows.map((row) => row.sealed))).toEqual([])
    expect(rows.every((row) => row.sealed.startsWith('v1.'))).toBe(true)
  })

  it('never sent a secret in any response', () => {
    expect(seen.length).toBeGreaterThan(5)
    expect(leakedSecrets(seen)).toEqual([])
    expect(SECRETS.conektaSecret.length).toBeGreaterThan(0)
  })
})

describe('concurrent setups', () => {
  let harness: ContentHarness
  let api: Api

  beforeAll(async () => {
    harness = await startContentHarness()
    api = client(harness.url)
  })
  afterAll(() => harness.stop())

  it('lets exactly one of two simultaneous setups run', async () => {
    const files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
    harness.campaign.delayMs = 300
    const payload = wizardPayload(files)
    const results = await Promise.all([api('/api/init', { json: payload }), api('/api/init', { json: { ...payload, category: { title: 'Salud', description: 'Otra' } } })])
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([200, 409])
    const refused = results.find((result) => result.status === 409)!.body as ErrorBody
    expect(['Configuración en curso', 'Registro ya existente']).toContain(refused.message)
    expect(harness.campaign.catalogs.size).toBe(1)
    expect(harness.identity.admins()).toHaveLength(1)
  })
})

describe('setup lock left by an attempt that never finished', () => {
  let harness: ContentHarness
  let api: Api

  beforeAll(async () => {
    harness = await startContentHarness()
    api = client(harness.url)
  })
  afterAll(() => harness.stop())

  const claim = async (setupId: string) => {
    const { newEvent } = await import('@donaciones/kit')
    const { setupStarted } = await import('@donaciones/contracts')
    const store = harness.runtime.context.store
    await store.append('setup', [newEvent(setupStarted, { setupId, fingerprint: 'otro-intento' })], {
      expectedVersion: await store.currentVersion(store.db, 'setup'),
      metadata: { actor: null, correlationId: 'prueba' },
    })
  }

  it('answers 409 Configuración en curso while a recent claim is running', async () => {
    const files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
    await claim('intento-en-curso')
    const response = await api<ErrorBody>('/api/init', { json: wizardPayload(files) })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('Configuración en curso')
    expect(harness.campaign.calls).toEqual([])
  })

  it('takes over a stale claim: undoes what it may have left, then configures with a new setup id', async () => {
    await harness.db.query(`update content.events set created_at = now() - interval '10 minutes' where stream_id = 'setup'`)
    const files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
    const response = await api('/api/init', { json: wizardPayload(files) })
    expect(response.status).toBe(200)
    expect(harness.identity.calls[0]).toBe('DELETE intento-en-curso')
    expect(harness.campaign.calls[0]).toBe('DELETE intento-en-curso')
    expect(harness.campaign.calls[1]).toMatch(/^POST /)
    expect(harness.campaign.calls[1]).not.toContain('intento-en-curso')
    expect(harness.campaign.catalogs.size).toBe(1)
  })

  it('answers 409 Registro ya existente whatever the payload once configured', async () => {
    const response = await api<ErrorBody>('/api/init', { json: {} })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('Registro ya existente')
  })
})
