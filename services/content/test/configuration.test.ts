import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configurationUpdated, type ConfigurationAdminView, type ConfigurationInput } from '@donaciones/contracts'
import { isEvent } from '@donaciones/kit'
import { readSecrets } from '../src/secrets/secret-store.ts'
import { contentState } from '../src/state.ts'
import { leakedSecrets, SECRETS } from './support/fixtures.ts'
import { startConfiguredSite, type ConfiguredSite } from './support/configured.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

const historical = { cause: 'Actualización', description: 'Cambio de datos de contacto' }

describe('configuration screen: GET /api/configuration/edit, GET /api/configuration/{id}, PUT /api/configuration', () => {
  let site: ConfiguredSite
  let view: ConfigurationAdminView

  beforeAll(async () => {
    site = await startConfiguredSite()
  })
  afterAll(() => site.harness.stop())

  const input = (): ConfigurationInput => ({
    settings: { name: 'Fundación Nueva', logo: site.files.logo, gratitudeMessage: 'Gracias' },
    home: { showCounters: false, content: '<p>Misión <img src="x" onerror="alert(1)"></p>', image: site.files.image },
    contact: { email: 'hola@ayuda.mx', phone: '5555555555', address: 'CDMX' },
    mailer: { auth: { user: 'envios@ayuda.mx', pass: '' }, host: 'smtp.ayuda.mx', port: 2525 },
    urls: { facebook: '', twitter: 'https://x.com/ayuda', instagram: '' },
    providers: { google: true, facebook: false, twitter: false, conekta: true, paypal: false },
    keys: { conekta: { client: 'key_pub_nueva', secret: '' }, google: { client: 'google-client-id' } },
  })

  it('answers the admin view to role 0, secrets only as hasSecret / hasPass', async () => {
    const response = await site.api<ConfigurationAdminView>('/api/configuration/edit', { token: site.adminToken })
    expect(response.status).toBe(200)
    view = response.body
    expect(view).toMatchObject({
      configured: true,
      settings: { name: 'Fundación Ayuda' },
      mailer: { auth: { user: 'envios@ayuda.mx', hasPass: true }, host: 'smtp.ayuda.invalid', port: 587 },
      keys: {
        conekta: { client: 'key_pub_conekta', hasSecret: true },
        paypal: { client: 'paypal-client-off', hasSecret: true },
        google: { client: 'google-client-id', hasSecret: true },
        facebook: { client: '', hasSecret: false },
        twitter: { client: '', hasSecret: false },
      },
    })
    expect(response.text).not.toMatch(/"secret"|"pass"|productKey/)
    const byId = await site.api<ConfigurationAdminView>(`/api/configuration/${view._id}`, { token: site.adminToken })
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(view)
    const unknown = await site.api<ErrorBody>('/api/configuration/otra', { token: site.adminToken })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Configuración no encontrada')
  })

  it('is for role 0 only: 401 without a session, 403 for roles 1 and 2', async () => {
    const restricted = await site.harness.identity.tokenFor(1, { read: true, update: true })
    const user = await site.harness.identity.tokenFor(2)
    for (const [method, path] of [
      ['GET', '/api/configuration/edit'],
      ['GET', `/api/configuration/${view._id}`],
      ['PUT', '/api/configuration'],
    ] as const) {
      const json = method === 'PUT' ? { payload: input(), historical } : undefined
      const anonymous = await site.api<ErrorBody>(path, { method, ...(json ? { json } : {}) })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.message).toBe('Sesión requerida')
      for (const token of [restricted.token, user.token]) {
        const refused = await site.api<ErrorBody>(path, { method, token, ...(json ? { json } : {}) })
        expect(refused.status).toBe(403)
        expect(refused.body).toEqual({ message: 'Acceso denegado', description: 'No tiene permiso para realizar esta acción' })
      }
    }
  })

  it('refuses a deactivated administrator (session check at identity)', async () => {
    const admin = await site.harness.identity.tokenFor(0)
    admin.user.active = false
    expect((await site.api('/api/configuration/edit', { token: admin.token })).status).toBe(401)
  })

  it('validates with the limits of spec §5 and the justification', async () => {
    const base = input()
    const response = await site.api<ErrorBody>('/api/configuration', {
      method: 'PUT',
      token: site.adminToken,
      json: {
        payload: {
          ...base,
          settings: { ...base.settings, name: 'n'.repeat(36), gratitudeMessage: 'g'.repeat(501) },
          home: { ...base.home, content: 'm'.repeat(501) },
          contact: { email: 'no-es-correo', phone: '1'.repeat(21), address: 'a'.repeat(101) },
          mailer: { ...base.mailer, port: 70000 },
          urls: { ...base.urls, facebook: 'javascript:alert(1)' },
        },
        historical: { cause: '', description: '' },
      },
    })
    expect(response.status).toBe(422)
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'payload.settings.name', message: 'El máximo de caracteres es de 35' },
        { path: 'payload.settings.gratitudeMessage', message: 'El máximo de caracteres es de 500' },
        { path: 'payload.home.content', message: 'El máximo de caracteres es de 500' },
        { path: 'payload.contact.email', message: 'Correo electrónico inválido' },
        { path: 'payload.contact.phone', message: 'El máximo de caracteres es de 20' },
        { path: 'payload.contact.address', message: 'El máximo de caracteres es de 100' },
        { path: 'payload.mailer.port', message: 'Puerto inválido' },
        { path: 'payload.urls.facebook', message: 'URL inválida' },
        { path: 'historical.cause', message: 'Campo requerido' },
        { path: 'historical.description', message: 'Campo requerido' },
      ]),
    )
    const noHistorical = await site.api<ErrorBody>('/api/configuration', { method: 'PUT', token: site.adminToken, json: { payload: base } })
    expect(noHistorical.status).toBe(422)
    expect(noHistorical.body.errors).toEqual([{ path: 'historical', message: 'Campo requerido' }])
  })

  it('needs a secret for a provider switched on when none is stored', async () => {
    const base = input()
    const response = await site.api<ErrorBody>('/api/configuration', {
      method: 'PUT',
      token: site.adminToken,
      json: { payload: { ...base, providers: { ...base.providers, facebook: true }, keys: { ...base.keys, facebook: { client: 'fb-client', secret: '' } } }, historical },
    })
    expect(response.status).toBe(422)
    expect(response.body.errors).toEqual([{ path: 'payload.keys.facebook.secret', message: 'Campo requerido' }])
    const noClient = await site.api<ErrorBody>('/api/configuration', {
      method: 'PUT',
      token: site.adminToken,
      json: { payload: { ...base, providers: { ...base.providers, twitter: true } }, historical },
    })
    expect(noClient.status).toBe(422)
    expect(noClient.body.errors).toEqual([{ path: 'payload.keys.twitter.client', message: 'Campo requerido' }])
  })

  it('refuses file ids that name no upload', async () => {
    const base = input()
    const response = await site.api<ErrorBody>('/api/configuration', {
      method: 'PUT',
      token: site.adminToken,
      json: { payload: { ...base, settings: { ...base.settings, logo: 'no-existe' } }, historical },
    })
    expect(response.status).toBe(422)
    expect(response.body.errors).toEqual([{ path: 'payload.settings.logo', message: 'Archivo no encontrado' }])
  })

  it('saves: blank secrets keep the stored ones, the mission is sanitised, the event names no secret value', async () => {
    const response = await site.api<ConfigurationAdminView>('/api/configuration', { method: 'PUT', token: site.adminToken, json: { payload: input(), historical } })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      settings: { name: 'Fundación Nueva' },
      home: { showCounters: false, content: '<p>Misión </p>' },
      contact: { email: 'hola@ayuda.mx' },
      mailer: { auth: { user: 'envios@ayuda.mx', hasPass: true }, host: 'smtp.ayuda.mx', port: 2525 },
      keys: { conekta: { client: 'key_pub_nueva', hasSecret: true } },
      urls: { facebook: '', twitter: 'https://x.com/ayuda', instagram: '' },
    })
    const secrets = await readSecrets(site.harness.db, 'content', contentState(site.harness.runtime.context).key)
    expect(secrets).toMatchObject({ conekta: SECRETS.conektaSecret, mailer: SECRETS.smtpPass, productKey: SECRETS.productKey })
    const updated = (await site.harness.events()).filter((event) => isEvent(configurationUpdated, event))
    expect(updated).toHaveLength(1)
    expect(updated[0]!.data.secretsChanged).toEqual([])
    expect(updated[0]!.metadata).toMatchObject({ actor: site.adminId, historical })
    const init = await site.api<{ settings: { name: string }; clients: unknown; home: { showCounters: boolean } }>('/api/init')
    expect(init.body.settings.name).toBe('Fundación Nueva')
    expect(init.body.clients).toEqual({ conekta: 'key_pub_nueva', paypal: null, google: 'google-client-id' })
  })

  it('replaces a secret that is typed, and the event says which one changed, not its value', async () => {
    const base = input()
    const newSecret = 'key_priv_conekta_rotada_9'
    const newPass = 'smtp-otra-clave-8'
    const response = await site.api('/api/configuration', {
      method: 'PUT',
      token: site.adminToken,
      json: { payload: { ...base, keys: { ...base.keys, conekta: { client: 'key_pub_nueva', secret: newSecret } }, mailer: { ...base.mailer, auth: { user: 'envios@ayuda.mx', pass: newPass } } }, historical },
    })
    expect(response.status).toBe(200)
    expect(response.text).not.toContain(newSecret)
    expect(response.text).not.toContain(newPass)
    const secrets = await readSecrets(site.harness.db, 'content', contentState(site.harness.runtime.context).key)
    expect(secrets.conekta).toBe(newSecret)
    expect(secrets.mailer).toBe(newPass)
    const events = await site.harness.events()
    const last = events.filter((event) => isEvent(configurationUpdated, event)).at(-1)!
    expect(last.data.secretsChanged.sort()).toEqual(['conekta', 'mailer'])
    const all = events.map((event) => JSON.stringify(event)).join('\n')
    expect(all).not.toContain(newSecret)
    expect(all).not.toContain(newPass)
    const { rows } = await site.harness.db.query<{ sealed: string }>('select sealed from content.config_secrets')
    expect(rows.map((row) => row.sealed).join('\n')).not.toContain(newSecret)
  })

  it('keeps the maximum per donation: default 100,000, saved when sent, kept when absent, checked with Spanish messages', async () => {
    const maxOf = async () => (await site.api<{ donations: { maxAmount: number } }>('/api/init')).body.donations.maxAmount
    const payments = async () =>
      (await (await fetch(`${site.harness.url}/internal/configuration/payments`, { headers: { 'x-internal-token': site.harness.internalToken } })).json()) as { maxDonationAmount: number }
    // A configuration recorded before the setting existed has the default.
    await site.harness.db.query(`update content.configuration set details = details - 'donations'`)
    expect(await maxOf()).toBe(100_000)
    expect((await payments()).maxDonationAmount).toBe(100_000)
    const save = (donations?: { maxAmount: unknown }) =>
      site.api<ErrorBody & ConfigurationAdminView>('/api/configuration', {
        method: 'PUT',
        token: site.adminToken,
        json: { payload: { ...input(), ...(donations ? { donations } : {}) }, historical },
      })
    const saved = await save({ maxAmount: 2500.5 })
    expect(saved.status).toBe(200)
    expect(saved.body.donations).toEqual({ maxAmount: 2500.5 })
    expect(await maxOf()).toBe(2500.5)
    expect((await payments()).maxDonationAmount).toBe(2500.5)
    expect((await save()).status).toBe(200)
    expect(await maxOf()).toBe(2500.5)
    for (const [maxAmount, message] of [
      [0, 'La cantidad mínima de donación es 1 peso'],
      [10.001, 'La cantidad admite como máximo dos decimales'],
      [10_000_001, 'Ha sobrepasado el máximo de donaciones'],
      ['', 'Campo requerido'],
    ] as const) {
      const refused = await save({ maxAmount })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual([{ path: 'payload.donations.maxAmount', message }])
    }
    expect((await save({ maxAmount: 100_000 })).status).toBe(200)
  })

  describe("'Donataria autorizada'", () => {
    interface Donataria {
      enabled: boolean
      rfc: string
      authorizationNumber: string
      authorizationDate: string
    }
    const authorised = { enabled: true, rfc: ' fca-970701-nn8 ', authorizationNumber: '  600-04-02-2024-1234 ', authorizationDate: '2024-01-15' }
    const save = (donataria: unknown, token = site.adminToken) =>
      site.api<ErrorBody & ConfigurationAdminView>('/api/configuration', {
        method: 'PUT',
        token,
        json: { payload: { ...input(), ...(donataria === undefined ? {} : { donataria }) }, historical: { cause: 'Actualización', description: 'Autorización del SAT' } },
      })
    const init = () => site.api<{ receipts: { deductible: boolean } }>('/api/init')
    const payments = async () =>
      (await (await fetch(`${site.harness.url}/internal/configuration/payments`, { headers: { 'x-internal-token': site.harness.internalToken } })).json()) as { donataria: Donataria }

    it('is off in a configuration saved before it existed, and the site offers no deductible receipt', async () => {
      await site.harness.db.query(`update content.configuration set details = details - 'donataria'`)
      const view = await site.api<ConfigurationAdminView>('/api/configuration/edit', { token: site.adminToken })
      expect(view.body.donataria).toEqual({ enabled: false, rfc: '', authorizationNumber: '', authorizationDate: '' })
      expect((await init()).body.receipts).toEqual({ deductible: false })
      expect((await payments()).donataria.enabled).toBe(false)
    })

    it('needs the RFC, the authorisation number and its date when switched on', async () => {
      const refused = await save({ enabled: true, rfc: '', authorizationNumber: ' ', authorizationDate: '' })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual([
        { path: 'payload.donataria.rfc', message: 'Campo requerido' },
        { path: 'payload.donataria.authorizationNumber', message: 'Campo requerido' },
        { path: 'payload.donataria.authorizationDate', message: 'Campo requerido' },
      ])
      const absent = await save({ enabled: true })
      expect(absent.status).toBe(422)
      expect(absent.body.errors?.map((error) => error.path)).toEqual(['payload.donataria.rfc', 'payload.donataria.authorizationNumber', 'payload.donataria.authorizationDate'])
      expect((await init()).body.receipts.deductible).toBe(false)
    })

    it('checks the RFC with the SAT rule, the date and the length of the number, in Spanish', async () => {
      for (const [donataria, path, message] of [
        [{ ...authorised, rfc: 'FCA970701NN5' }, 'rfc', 'El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal'],
        [{ ...authorised, rfc: 'FCA97070' }, 'rfc', 'El RFC tiene 12 caracteres (persona moral) o 13 (persona física)'],
        [{ ...authorised, rfc: 'FCA971301NN8' }, 'rfc', 'La fecha del RFC (AAMMDD) no es válida'],
        [{ ...authorised, authorizationDate: '2024-02-30' }, 'authorizationDate', 'Fecha inválida'],
        [{ ...authorised, authorizationNumber: '1'.repeat(51) }, 'authorizationNumber', 'El máximo de caracteres es de 50'],
        [{ ...authorised, enabled: 'sí' }, 'enabled', 'Campo requerido'],
        // Off, the fields may stay blank, but what is typed is checked.
        [{ enabled: false, rfc: 'FCA970701NN5', authorizationNumber: '', authorizationDate: '' }, 'rfc', 'El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal'],
      ] as const) {
        const refused = await save(donataria)
        expect(refused.status, JSON.stringify(donataria)).toBe(422)
        expect(refused.body.errors).toEqual([{ path: `payload.donataria.${path}`, message }])
      }
    })

    it('saves it on with an event in the history, and tells the public site only that deductible receipts are offered', async () => {
      const before = (await site.harness.events()).length
      const saved = await save(authorised)
      expect(saved.status).toBe(200)
      const stored = { enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' }
      expect(saved.body.donataria).toEqual(stored)
      const events = (await site.harness.events()).slice(before).filter((event) => isEvent(configurationUpdated, event))
      expect(events).toHaveLength(1)
      expect(events[0]!.data.donataria).toEqual(stored)
      expect(events[0]!.metadata).toMatchObject({ actor: site.adminId, historical: { cause: 'Actualización', description: 'Autorización del SAT' } })

      const publicView = await init()
      expect(publicView.body.receipts).toEqual({ deductible: true })
      expect(publicView.text).not.toContain('FCA970701NN8')
      expect(publicView.text).not.toContain('600-04-02-2024-1234')
      expect(publicView.text).not.toContain('donataria')
      expect((await payments()).donataria).toEqual(stored)

      // A client that sends no donataria keeps it; switching off keeps what was typed and stops the offer.
      expect((await save(undefined)).body.donataria).toEqual(stored)
      const off = await save({ ...stored, enabled: false })
      expect(off.status).toBe(200)
      expect(off.body.donataria).toEqual({ ...stored, enabled: false })
      expect((await init()).body.receipts).toEqual({ deductible: false })
      expect((await save({ enabled: false, rfc: '', authorizationNumber: '', authorizationDate: '' })).status).toBe(200)
    })

    it('is changed by role 0 only', async () => {
      const restricted = await site.harness.identity.tokenFor(1, { read: true, update: true })
      const user = await site.harness.identity.tokenFor(2)
      const anonymous = await site.api<ErrorBody>('/api/configuration', { method: 'PUT', json: { payload: { ...input(), donataria: authorised }, historical } })
      expect(anonymous.status).toBe(401)
      for (const token of [restricted.token, user.token]) {
        const refused = await save(authorised, token)
        expect(refused.status).toBe(403)
        expect(refused.body.message).toBe('Acceso denegado')
      }
      expect((await init()).body.receipts.deductible).toBe(false)
    })
  })

  it('hands the social sign-in secrets to the identity service only over the internal route', async () => {
    const response = await fetch(`${site.harness.url}/internal/configuration/providers`, { headers: { 'x-internal-token': site.harness.internalToken } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      google: { enabled: true, client: 'google-client-id', secret: SECRETS.googleSecret },
      facebook: { enabled: false, client: '', secret: '' },
      twitter: { enabled: false, client: '', secret: '' },
    })
    expect((await fetch(`${site.harness.url}/internal/configuration/providers`)).status).toBe(404)
  })

  it('never returned a secret in any response body', () => {
    expect(site.seen.length).toBeGreaterThan(10)
    expect(leakedSecrets(site.seen)).toEqual([])
  })
})
