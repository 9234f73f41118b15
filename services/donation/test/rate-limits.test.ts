import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { forEachEngine, cardToken, createCampaign, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

forEachEngine('card-testing defence (configurable limits)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string }

  const donate = async (number: string, email: string) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, number), name: 'Prueba', amount: 10, campaign: campaign.id, email, phone: '5512345678' },
    })
    return { status: response.status, body: await json<{ message: string; description: string }>(response) }
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim, { DONATION_RATE_PER_EMAIL: '2', DONATION_RATE_PER_ADDRESS: '6', DONATION_DECLINES_BEFORE_BLOCK: '2' })
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation)
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
    for (const name of ['DONATION_RATE_PER_EMAIL', 'DONATION_RATE_PER_ADDRESS', 'DONATION_DECLINES_BEFORE_BLOCK']) delete process.env[name]
  })

  it('limits attempts per e-mail (429 in Spanish) without charging', async () => {
    expect((await donate('4242424242424242', 'limite@correo.mx')).status).toBe(200)
    expect((await donate('4242424242424242', 'limite@correo.mx')).status).toBe(200)
    const orders = sim.conektaOrders().length
    const third = await donate('4242424242424242', 'LIMITE@correo.mx')
    expect(third.status).toBe(429)
    expect(third.body.message).toBe('Demasiados intentos de donación')
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('charges no more than the e-mail limit allows when the attempts arrive in parallel', async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, () => cardToken(sim, '4242424242424242')))
    const orders = sim.conektaOrders().length
    const answers = await Promise.all(
      tokens.map((token, index) =>
        donation.site.api('/api/donations/conekta', {
          method: 'POST',
          headers: { 'x-forwarded-for': `10.7.0.${index + 1}` },
          json: { token, name: 'Prueba', amount: 10, campaign: campaign.id, email: 'paralelo@correo.mx', phone: '5512345678' },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429])
    expect(sim.conektaOrders().length).toBe(orders + 2)
  })

  it('blocks a client address after repeated declines', async () => {
    expect((await donate('4000000000000002', 'uno@correo.mx')).status).toBe(402)
    expect((await donate('4000000000000002', 'dos@correo.mx')).status).toBe(402)
    const blocked = await donate('4242424242424242', 'tres@correo.mx')
    expect(blocked.status).toBe(429)
    expect(blocked.body.description).toContain('rechazados')
  })
})
