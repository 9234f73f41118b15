import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectionTestResponseSchema, providerFailuresResponseSchema, type ConnectionTestResponse, type ProviderFailure } from '@donaciones/contracts'
import { startTestSmtpServer, type TestSmtpServer } from '@donaciones/kit/testing'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { freePort } from '../../../tests/support/processes.ts'
import { saveProviderKeys } from '../../../tests/support/provider-keys.ts'
import { startTestSite } from '../../../tests/support/site.ts'
import { cardToken, configureDonationSite, createCampaign, eventually, forEachEngine, pointAtProviders, restrictedTokens, secretsOf, type DonationSite, type TestSite } from './support.ts'

const APPROVED = '4242424242424242'
const WRONG_CONEKTA_KEY = 'key_privada_equivocada_123'
const WRONG_PAYPAL_SECRET = 'secreto-paypal-equivocado-456'
const RATE_LIMITS = { DONATION_RATE_PER_ADDRESS: '1000', DONATION_RATE_PER_EMAIL: '1000' }
const SMTP = { user: 'envios@fundacion.mx', pass: 'clave-del-correo-789' }

interface Answer<T = unknown> {
  status: number
  body: T
}

/**
 * Issue 14: 'Probar conexión' for Conekta, PayPal and the mail server (in the wizard with the keys
 * typed, in Configuración with the stored ones: a real, harmless call made by the server), and the
 * providers' failures at donation time (keys refused, no answer, 5xx), shown to the full
 * administrator with since when, how many donations and the provider's reason.
 */
forEachEngine('Probar conexión and the payment providers’ failures at donation time', (engine) => {
  let sim: ProviderSim
  let smtp: TestSmtpServer
  let site: TestSite
  let donation: DonationSite
  let campaign: { id: string }
  let tokens: Awaited<ReturnType<typeof restrictedTokens>>
  const bodies: string[] = []

  const call = async <T = unknown>(path: string, init: { method?: 'GET' | 'POST'; json?: unknown; token?: string } = {}): Promise<Answer<T>> => {
    const response = await site.api(path, { ...(init.method ? { method: init.method } : {}), ...(init.json === undefined ? {} : { json: init.json }), ...(init.token ? { token: init.token } : {}) })
    const text = await response.text()
    bodies.push(text)
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const typedTest = (json: unknown) => call<ConnectionTestResponse>('/api/init/connection-test', { method: 'POST', json })
  const storedTest = (service: string, token = donation.adminToken) => call<ConnectionTestResponse>('/api/configuration/connection-test', { method: 'POST', json: { service }, token })
  const failures = async (): Promise<ProviderFailure[]> => {
    const answer = await call('/api/donations/providers/failures', { token: donation.adminToken })
    expect(answer.status).toBe(200)
    return providerFailuresResponseSchema.parse(answer.body).items
  }
  const donateByCard = async () =>
    call('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 150, campaign: campaign.id, email: 'ana@correo.mx', phone: '5512345678', user: null },
    })
  const paypalOrder = () => call('/api/donations/paypal/order', { method: 'POST', json: { campaign: campaign.id, amount: 200 } })
  const ok = (service: ConnectionTestResponse['service'], description: string): ConnectionTestResponse => ({ service, ok: true, outcome: 'ok', message: 'Conexión exitosa', description, reason: null })

  beforeAll(async () => {
    ;[sim, smtp] = await Promise.all([startProviderSim(), startTestSmtpServer(SMTP)])
    // The failing donations below are retried until the new key applies: no rate limit gets in the way.
    pointAtProviders(sim, RATE_LIMITS)
    // Not configured yet: the wizard's tests come first.
    site = await startTestSite({ engine })
  }, 180_000)
  afterAll(async () => {
    for (const name of Object.keys(RATE_LIMITS)) delete process.env[name]
    await site?.stop()
    await Promise.all([sim?.close(), smtp?.close()])
  })

  it('in the wizard, tests the keys as typed from the server, in Spanish, before anything is stored', async () => {
    const orders = sim.conektaOrders().length
    expect((await typedTest({ service: 'conekta', privateKey: sim.conekta.privateKey })).body).toEqual(ok('conekta', 'Conekta aceptó la llave privada.'))
    expect(sim.conektaOrders()).toHaveLength(orders)
    const refused = await typedTest({ service: 'conekta', privateKey: WRONG_CONEKTA_KEY })
    expect(refused).toEqual({
      status: 200,
      body: {
        service: 'conekta',
        ok: false,
        outcome: 'authentication',
        message: 'Autenticación rechazada',
        description: 'Conekta rechazó la llave privada. Revise la llave privada en el panel de Conekta.',
        reason: 'Acceso no autorizado. (HTTP 401)',
      },
    })
    // The public key is no private key.
    expect((await typedTest({ service: 'conekta', privateKey: sim.conekta.publicKey })).body.outcome).toBe('authentication')

    expect((await typedTest({ service: 'paypal', clientId: sim.paypal.clientId, secret: sim.paypal.secret })).body).toEqual(ok('paypal', 'PayPal aceptó el Client ID y el secreto.'))
    const paypalRefused = await typedTest({ service: 'paypal', clientId: sim.paypal.clientId, secret: WRONG_PAYPAL_SECRET })
    expect(paypalRefused.body).toMatchObject({ ok: false, outcome: 'authentication', description: 'PayPal rechazó el Client ID y el secreto. Revise el Client ID y el secreto en el panel de desarrolladores de PayPal.' })
    expect(paypalRefused.body.reason).toBe('Client Authentication failed (HTTP 401)')

    const mail = { service: 'mail', host: '127.0.0.1', port: smtp.port, user: SMTP.user }
    expect((await typedTest({ ...mail, pass: SMTP.pass })).body).toEqual(ok('mail', 'El servidor de correo aceptó el usuario y la contraseña.'))
    expect(smtp.received).toHaveLength(0)
    const mailRefused = await typedTest({ ...mail, pass: 'otra-clave-cualquiera' })
    expect(mailRefused.body).toMatchObject({ ok: false, outcome: 'authentication', message: 'Autenticación rechazada', description: 'El servidor de correo rechazó el usuario y la contraseña. Revise el usuario y la contraseña del correo.' })
    expect(mailRefused.body.reason).toMatch(/^535 /)
    const nobodyListens = await typedTest({ ...mail, port: await freePort(), pass: SMTP.pass })
    expect(nobodyListens.body).toMatchObject({
      ok: false,
      outcome: 'unreachable',
      message: 'Sin conexión',
      description: 'No fue posible comunicarse con el servidor de correo. Revise el servidor (host) y el puerto, e intente de nuevo.',
    })
    expect(nobodyListens.body.reason).toContain('ECONNREFUSED')
    for (const answer of [refused, paypalRefused, mailRefused, nobodyListens]) expect(connectionTestResponseSchema.safeParse(answer.body).success).toBe(true)

    const missing = await typedTest({ service: 'paypal', clientId: ' ', secret: '' })
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ message: 'Datos inválidos', errors: [{ path: 'clientId', message: 'Campo requerido' }, { path: 'secret', message: 'Campo requerido' }] })
    expect((await typedTest({ service: 'facebook', secret: 'x' })).status).toBe(422)

    // Nothing was stored: the site is still to be configured.
    expect((await call<{ configured: boolean }>('/api/init')).body.configured).toBe(false)
  })

  it('in the wizard, limits the tests per address (429, Spanish, Retry-After)', async () => {
    let answer: Answer<{ message: string; description: string }> | undefined
    for (let attempt = 0; attempt < 25; attempt++) {
      answer = await call('/api/init/connection-test', { method: 'POST', json: { service: 'conekta' } })
      if (answer.status === 429) break
      expect(answer.status).toBe(422)
    }
    expect(answer?.status).toBe(429)
    expect(answer?.body.message).toBe('Demasiadas pruebas')
    expect(answer?.body.description).toMatch(/^Intente de nuevo en \d+ minutos?\.$/)
  })

  it('in the wizard, is refused once the site is configured (409), whatever the body', async () => {
    donation = await configureDonationSite(site, sim)
    campaign = await createCampaign(donation, { title: 'Comedor comunitario' })
    tokens = await restrictedTokens(donation)
    const answer = await call('/api/init/connection-test', { method: 'POST', json: { service: 'conekta', privateKey: sim.conekta.privateKey } })
    expect(answer).toEqual({ status: 409, body: { message: 'Sitio ya configurado', description: 'Pruebe las conexiones desde Configuración' } })
  })

  it('in Configuración, tests the stored settings of Conekta, PayPal and the mail server', async () => {
    const orders = sim.conektaOrders().length
    expect(await storedTest('conekta')).toEqual({ status: 200, body: ok('conekta', 'Conekta aceptó la llave privada.') })
    expect(sim.conektaOrders()).toHaveLength(orders)
    expect(await storedTest('paypal')).toEqual({ status: 200, body: ok('paypal', 'PayPal aceptó el Client ID y el secreto.') })
    expect(await storedTest('mail')).toEqual({ status: 200, body: ok('mail', 'El servidor de correo aceptó el usuario y la contraseña.') })
  })

  it('in Configuración, says why the stored settings fail: key refused, no answer, provider error', async () => {
    await saveProviderKeys(site, donation.adminToken, { conekta: { client: sim.conekta.publicKey, secret: WRONG_CONEKTA_KEY } })
    expect((await storedTest('conekta')).body).toMatchObject({ ok: false, outcome: 'authentication', reason: 'Acceso no autorizado. (HTTP 401)' })
    await saveProviderKeys(site, donation.adminToken, { conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey } })
    expect((await storedTest('conekta')).body.ok).toBe(true)

    sim.setOutage('conekta', 'disconnect')
    const cut = await storedTest('conekta')
    expect(cut.body).toMatchObject({ ok: false, outcome: 'unreachable', message: 'Sin conexión', description: 'No fue posible comunicarse con Conekta. Revise la conexión del servidor a internet e intente de nuevo en unos minutos.' })
    expect(cut.body.reason).toMatch(/^No fue posible comunicarse con el proveedor de pagos/)
    sim.setOutage('conekta', { status: 503 })
    expect((await storedTest('conekta')).body).toMatchObject({
      ok: false,
      outcome: 'provider-error',
      message: 'Error del proveedor',
      description: 'Conekta respondió con un error. Intente de nuevo en unos minutos.',
      reason: 'Hubo un error en el sistema. Por favor intenta más tarde. (HTTP 503)',
    })
    sim.setOutage('conekta', null)
    sim.setOutage('paypal', { status: 500 })
    expect((await storedTest('paypal')).body).toMatchObject({ ok: false, outcome: 'provider-error', reason: 'An internal server error has occurred. (HTTP 500)' })
    sim.setOutage('paypal', null)

    await site.mail.stop()
    try {
      expect((await storedTest('mail')).body).toMatchObject({ ok: false, outcome: 'unreachable', message: 'Sin conexión' })
    } finally {
      await site.mail.restart()
    }
  })

  it('in Configuración, is for the full administrator only, and checks what it is asked', async () => {
    expect((await call('/api/configuration/connection-test', { method: 'POST', json: { service: 'conekta' } })).status).toBe(401)
    for (const token of [tokens.reader, tokens.otherModule, tokens.user]) {
      expect(await storedTest('conekta', token)).toEqual({ status: 403, body: { message: 'Acceso denegado', description: 'No tiene permiso para realizar esta acción' } })
    }
    const unknown = await call('/api/configuration/connection-test', { method: 'POST', json: { service: 'sms' }, token: donation.adminToken })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({ message: 'Datos inválidos', errors: [{ path: 'service', message: 'Servicio desconocido: use conekta, paypal o mail' }] })
  })

  it('records the donations that fail because of the provider, shows them to the full administrator only, and forgets them once a call works', async () => {
    expect(await failures()).toEqual([])
    await saveProviderKeys(site, donation.adminToken, { conekta: { client: sim.conekta.publicKey, secret: WRONG_CONEKTA_KEY } })
    // The donation service keeps the settings up to two seconds: the first donations may still use the old key.
    const first = await eventually(async () => {
      const answer = await donateByCard()
      expect(answer.status).toBe(502)
      return answer
    }, 30_000)
    // What the donor is told stays as it was (the spec's dialog shows for any answer but 402).
    expect(first.body).toEqual({ message: 'No fue posible procesar el pago', description: 'Intente de nuevo en unos minutos' })
    expect((await donateByCard()).status).toBe(502)
    const oxxo = await call('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Luis', lastName: 'Soto', email: 'luis@correo.mx', phone: '5512345678', campaign: campaign.id, amount: 120, user: null },
    })
    expect(oxxo.status).toBe(502)
    const [conekta, ...others] = await failures()
    expect(others).toEqual([])
    expect(conekta).toMatchObject({ provider: 'conekta', kind: 'authentication', donations: 3, reason: 'Acceso no autorizado. (HTTP 401)' })
    expect(Date.parse(conekta?.since ?? '')).toBeLessThanOrEqual(Date.parse(conekta?.lastAt ?? ''))

    // Role 1 (even with the donation module) and role 2 are refused; a visitor needs a session.
    for (const token of [tokens.reader, tokens.user]) {
      expect(await call('/api/donations/providers/failures', { token })).toEqual({ status: 403, body: { message: 'Acceso denegado', description: 'No tiene permiso para realizar esta acción' } })
    }
    expect((await call('/api/donations/providers/failures')).status).toBe(401)

    // PayPal answers 5xx, then not at all: one failure since the first, its last kind and reason.
    sim.setOutage('paypal', { status: 503 })
    expect((await paypalOrder()).status).toBe(502)
    const down = (await failures()).find((failure) => failure.provider === 'paypal')
    expect(down).toMatchObject({ kind: 'provider-error', donations: 1, reason: 'An internal server error has occurred. (HTTP 503)' })
    sim.setOutage('paypal', 'disconnect')
    expect((await paypalOrder()).status).toBe(502)
    const gone = (await failures()).find((failure) => failure.provider === 'paypal')
    expect(gone).toMatchObject({ kind: 'unreachable', donations: 2, since: down?.since })
    expect(gone?.reason).toMatch(/^No fue posible comunicarse con PayPal: /)

    // Conekta: the right key again, and the next donation that goes through ends its failure.
    await saveProviderKeys(site, donation.adminToken, { conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey } })
    await eventually(async () => expect((await donateByCard()).status).toBe(200), 30_000)
    expect((await failures()).map((failure) => failure.provider)).toEqual(['paypal'])
    // PayPal: back, and a successful 'Probar conexión' with the stored keys ends it too.
    sim.setOutage('paypal', null)
    expect((await storedTest('paypal')).body.ok).toBe(true)
    expect(await failures()).toEqual([])
  })

  it('never answers a secret, the typed ones included', () => {
    const everything = bodies.join('\n')
    for (const secret of [...secretsOf(sim), WRONG_CONEKTA_KEY, WRONG_PAYPAL_SECRET, SMTP.pass, 'otra-clave-cualquiera', randomUUID()]) expect(everything).not.toContain(secret)
  })
})
