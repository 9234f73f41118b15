import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ConfigurationAdminView, ConfigurationInput } from '@donaciones/contracts'
import { startProviderSim, type PaypalOrder, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, eventually, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

const TWO_DECIMALS = 'La cantidad admite como máximo dos decimales'

forEachEngine('donation amounts on every channel through the gateway: two decimals at most and the configured maximum', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const post = async <T>(path: string, body: unknown) => {
    const response = await donation.site.api(path, { method: 'POST', json: body })
    return { status: response.status, body: (await response.json()) as T }
  }
  const card = async (amount: number) =>
    post<ErrorBody & { _id?: string }>('/api/donations/conekta', {
      token: await cardToken(sim, '4242424242424242'),
      name: 'Ana Pérez',
      amount,
      campaign: campaign.id,
      email: 'ana@correo.mx',
      phone: '5512345678',
      user: null,
    })
  const oxxo = (amount: number) =>
    post<ErrorBody>('/api/donations/oxxopay/request', { name: 'Luis', lastName: 'Ramírez', email: 'luis@correo.mx', phone: '5512345678', campaign: campaign.id, amount, user: null })
  const paypalOrder = (amount: number) => post<ErrorBody & { orderID?: string }>('/api/donations/paypal/order', { campaign: campaign.id, amount })
  const providerCalls = () => sim.conektaOrders().length + sim.paypalOrders().length

  /** Saves the configuration screen with a new maximum, everything else as it is. */
  const setMaximum = async (maxAmount: number) => {
    const view = await json<ConfigurationAdminView>(await donation.site.api('/api/configuration/edit', { token: donation.adminToken }))
    const payload: ConfigurationInput = {
      settings: { name: view.settings.name, logo: view.settings.logo?._id ?? '', gratitudeMessage: view.settings.gratitudeMessage },
      home: { showCounters: view.home.showCounters, content: view.home.content, image: view.home.image?._id ?? '' },
      contact: view.contact,
      mailer: { auth: { user: view.mailer.auth.user, pass: '' }, host: view.mailer.host, port: view.mailer.port },
      urls: view.urls,
      providers: view.providers,
      keys: { conekta: { client: view.keys.conekta.client }, paypal: { client: view.keys.paypal.client } },
      donations: { maxAmount },
    }
    const response = await donation.site.api('/api/configuration', {
      method: 'PUT',
      token: donation.adminToken,
      json: { payload, historical: { cause: 'Límite', description: 'Máximo por donación' } },
    })
    expect(response.status).toBe(200)
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Becas escolares' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('the public site learns the default maximum (100,000 MXN) from GET /api/init', async () => {
    const init = await json<{ donations: { maxAmount: number } }>(await donation.site.api('/api/init'))
    expect(init.donations).toEqual({ maxAmount: 100_000 })
  })

  it.each([1.005, 100.129])('refuses %s (more than two decimals) with a Spanish 422 on card, OXXO and PayPal, calling no provider', async (amount) => {
    const before = providerCalls()
    for (const answer of [await card(amount), await oxxo(amount), await paypalOrder(amount)]) {
      expect(answer.status).toBe(422)
      expect(answer.body.errors).toEqual([{ path: 'amount', message: TWO_DECIMALS }])
    }
    expect(providerCalls()).toBe(before)
  })

  it('refuses 1e308 and anything above the default maximum with a Spanish 422 on every channel, calling no provider', async () => {
    const before = providerCalls()
    for (const amount of [1e308, 100_000.01]) {
      for (const answer of [await card(amount), await oxxo(amount), await paypalOrder(amount)]) {
        expect(answer.status).toBe(422)
        expect(answer.body.errors?.[0]?.path).toBe('amount')
        expect(answer.body.errors?.[0]?.message).toMatch(/^La cantidad máxima por donación es de \$/)
      }
    }
    expect(providerCalls()).toBe(before)
    // Exactly the maximum is a donation.
    expect((await card(100_000)).status).toBe(200)
  })

  it('applies the maximum saved in Configuración to card, OXXO and PayPal, and a PayPal order above a lowered maximum is never captured', async () => {
    const orderBefore = await paypalOrder(400)
    expect(orderBefore.status).toBe(200)
    const orderID = orderBefore.body.orderID!
    await sim.approvePaypal(orderID, { name: 'Eva Torres', email: 'eva@correo.mx' })

    await setMaximum(300)
    const init = await json<{ donations: { maxAmount: number } }>(await donation.site.api('/api/init'))
    expect(init.donations).toEqual({ maxAmount: 300 })
    const message = 'La cantidad máxima por donación es de $300.00 MXN'
    // The donation service keeps the payment settings for a short time: the new maximum applies within it.
    await eventually(async () => {
      const answer = await oxxo(300.01)
      expect(answer.status).toBe(422)
    })
    const before = providerCalls()
    for (const answer of [await card(301), await oxxo(300.01), await paypalOrder(500)]) {
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({ message: 'Datos inválidos', errors: [{ path: 'amount', message }] })
    }
    const capture = await post<ErrorBody>('/api/donations/paypal', { campaign: campaign.id, orderID, user: null })
    expect(capture.status).toBe(422)
    expect(capture.body.errors).toEqual([{ path: 'amount', message }])
    expect(providerCalls()).toBe(before)
    const order = (sim.paypalOrders() as PaypalOrder[]).find((candidate) => candidate.id === orderID)
    expect(order?.status).toBe('APPROVED')

    expect((await card(300)).status).toBe(200)
    await setMaximum(100_000)
  })
})
